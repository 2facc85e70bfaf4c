// The signed link of every notification e-mail: it names one member, one site and one
// notification type, so that the member can switch that type off (List-Unsubscribe, RFC 8058
// one-click POST) or open the e-mail source variant of /notifications without logging in.
// The HMAC (APP_SECRET) covers the site's key: the same link on another site's host is refused.
import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { getEnv } from "#app/utils/env.server.ts";
import { NOTIFICATION_TYPES, type NotificationTypeName } from "./notification-types.ts";

export interface UnsubscribeTarget {
  siteKey: string;
  userId: number;
  type: NotificationTypeName;
  /** the campaign whose mail carried the link (news, promotions): its report counts the unsubscribe */
  campaignId?: number;
}

const sign = ({ siteKey, userId, type, campaignId }: UnsubscribeTarget, secret = getEnv().secret) =>
  createHmac("sha256", secret)
    .update(`unsubscribe:${siteKey}:${userId}:${type}${campaignId ? `:campaign:${campaignId}` : ""}`)
    .digest("base64url")
    .slice(0, 32);

/** The query of the link: source=email&u=…&type=…&sig=… */
export function unsubscribeQuery(target: UnsubscribeTarget) {
  return new URLSearchParams({
    source: "email",
    u: String(target.userId),
    type: target.type,
    ...(target.campaignId ? { c: String(target.campaignId) } : {}),
    sig: sign(target),
  }).toString();
}

export const unsubscribeUrl = (origin: string, target: UnsubscribeTarget) => `${origin}/notifications?${unsubscribeQuery(target)}`;

const querySchema = z.object({
  source: z.literal("email"),
  u: z
    .string()
    .regex(/^[1-9]\d{0,9}$/)
    .transform(Number)
    .pipe(z.number().int().max(2_147_483_647)),
  type: z.enum(NOTIFICATION_TYPES),
  c: z
    .string()
    .regex(/^[1-9]\d{0,9}$/)
    .transform(Number)
    .pipe(z.number().int().max(2_147_483_647))
    .optional(),
  sig: z.string().regex(/^[\w-]{32}$/),
});

export const isEmailSource = (url: URL) => url.searchParams.get("source") === "email";

/** The member and type of a signed link on this site; null when the link is malformed, forged or another site's. */
export function verifyUnsubscribe(url: URL, siteKey: string): UnsubscribeTarget | null {
  const parsed = querySchema.safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success) return null;
  const target: UnsubscribeTarget = { siteKey, userId: parsed.data.u, type: parsed.data.type, ...(parsed.data.c ? { campaignId: parsed.data.c } : {}) };
  const given = Buffer.from(parsed.data.sig);
  // links in mails sent before APP_SECRET was rotated keep working while APP_SECRET_PREVIOUS is set
  const signedWith = (secret: string) => timingSafeEqual(Buffer.from(sign(target, secret)), given);
  const previous = getEnv().previousSecret;
  return signedWith(getEnv().secret) || (previous !== null && signedWith(previous)) ? target : null;
}
