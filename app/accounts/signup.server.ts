// Creating an account: user and (disabled) profile, the signup credits through the ledger,
// the arrival's tracking record and the activation mail (its token and the outbox row), all in
// one transaction: an account is never there without its mail, whatever the queue's state.
import { Prisma } from "#app/generated/prisma/client.ts";
import { applyCredits } from "#app/credits/ledger.server.ts";
import { giveBack, take, type Check } from "#app/limits/rate-limits.server.ts";
import type { Locale } from "#app/i18n/locales.ts";
import { prepareAccountMail } from "#app/mail/account-mails.server.ts";
import { writeToMailOutbox } from "#app/mail/outbox-store.server.ts";
import { sendSignupMessage } from "#app/chat/send.server.ts";
import type { Site } from "#app/tenancy/site-schema.ts";
import { getDb } from "#app/utils/db.server.ts";
import { hashPassword } from "#app/auth/password.server.ts";
import { newLinkToken, saveToken } from "#app/auth/tokens.server.ts";
import { getLogger } from "#app/utils/logger.server.ts";
import { sendLinkMail } from "./link-mail.server.ts";
import { MARKETING_TYPES } from "#app/notifications/notification-types.ts";

/** A new account as the account step's schema gave it (app/accounts/account-schema.ts). */
export interface SignupInput {
  name: string;
  email: string;
  password: string;
  date_of_birth: Date;
  gender: "male" | "female";
  seeking: "male" | "female";
  signup_message?: string | undefined;
  target_profile?: number | undefined;
}
export type SignupGate = "open" | "trafficsource_required" | "invite_only";

/** The site's `signups` setting: all; with_trafficsource; anything else is invite only. */
export function signupGate(site: Pick<Site, "signups">, hasTrafficSource: boolean): SignupGate {
  if (site.signups === "all") return "open";
  if (site.signups === "with_trafficsource") return hasTrafficSource ? "open" : "trafficsource_required";
  return "invite_only";
}

export class EmailTaken extends Error {}

export async function createAccount(
  input: SignupInput,
  ctx: { site: Site; locale: Locale; country: string | null; trackingId: number | null; origin: string },
) {
  const { site } = ctx;
  const db = getDb();
  const passwordHash = await hashPassword(input.password);
  const country = ctx.country && site.countries.includes(ctx.country) ? ctx.country : site.countries[0]!;
  const token = newLinkToken();
  const mail = await prepareAccountMail({
    kind: "activation",
    site,
    locale: ctx.locale,
    to: input.email,
    name: input.name,
    link: activationLink(ctx.origin, token),
  });
  try {
    const user = await db.$transaction(async (tx) => {
      const user = await tx.user.create({
        data: {
          siteKey: site.key,
          network: site.network,
          email: input.email,
          passwordHash,
          status: "not_confirmed",
          language: ctx.locale,
          // marketing mail only with consent: off until the member switches it on
          notificationsOff: [...MARKETING_TYPES],
          profile: {
            create: {
              siteKey: site.key,
              network: site.network,
              name: input.name,
              status: "disabled",
              country,
              dateOfBirth: input.date_of_birth,
              gender: input.gender,
              seeking: input.seeking,
              sexuality: input.gender === input.seeking ? (input.gender === "male" ? "gay" : "lesbian") : "hetero",
            },
          },
        },
      });
      if (site.signup_credits > 0) {
        await applyCredits(tx, { userId: user.id, delta: site.signup_credits, reason: "signup_bonus", idempotencyKey: `signup-${user.id}` });
      }
      // message-or-create: the first message to the profile the visitor came for, paid from the
      // signup credits like any message (app/chat/send.server.ts); when the site no longer shows
      // that profile or the credits do not cover it, the account is created without it
      if (input.target_profile && input.signup_message) {
        const me = await tx.profile.findUniqueOrThrow({ where: { userId: user.id }, select: { id: true } });
        await sendSignupMessage(tx, site, { userId: user.id, profileId: me.id, paidUser: false }, input.target_profile, input.signup_message);
      }
      if (ctx.trackingId) {
        await tx.tracking.updateMany({ where: { id: ctx.trackingId, siteKey: site.key, userId: null }, data: { userId: user.id } });
      }
      await saveToken(tx, user.id, "activation", token);
      await writeToMailOutbox(tx, [mail]);
      return user;
    });
    // signup's mail is the first of the account's activation mails of the day; the account and
    // its mail are committed, so a counter that fails now must not turn the signup into an error
    await take(["activationMail", String(user.id)]).catch((error: Error) =>
      getLogger().warn({ userId: user.id, reason: error.message }, "signup: activation mail not counted"),
    );
    getLogger().info({ site: site.key, userId: user.id }, "account created");
    return user;
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") throw new EmailTaken();
    throw error;
  }
}

/** Mails the activation link, unless the member already had LIMITS.activationMail of them within a day. */
export async function sendActivationMail(userId: number, m: { site: Site; locale: Locale; to: string; name: string; origin: string }) {
  const perAccount: Check = ["activationMail", String(userId)];
  const allowed = await take(perAccount);
  if (!allowed.ok) return allowed;
  try {
    await sendLinkMail(
      { kind: "activation", site: m.site, locale: m.locale, to: m.to, name: m.name },
      { userId, kind: "activation", link: (token) => activationLink(m.origin, token) },
    );
  } catch (error) {
    await giveBack(perAccount);
    throw error;
  }
  return allowed;
}

const activationLink = (origin: string, token: string) => `${origin}/activate?token=${token}`;

/** The e-mail link: confirms the account and shows the profile to others. */
export async function activateAccount(userId: number) {
  const db = getDb();
  await db.$transaction([
    db.user.update({ where: { id: userId }, data: { status: "active", confirmedAt: new Date() } }),
    db.profile.updateMany({ where: { userId }, data: { status: "active" } }),
  ]);
}
