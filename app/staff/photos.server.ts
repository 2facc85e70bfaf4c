// The photo review queue: photos nobody on staff has looked at yet, of every site,
// oldest first. On a pre-moderation site they are pending (seen by their owner only); on a
// post-moderation site they are active already. Staff approve (pending becomes active, and the
// main photo if the profile has none) or reject with a reason (the photo is hidden, the main
// photo falls back to the next active one, the member is mailed in their language).
//
// A decision is a conditional update on reviewed_at IS NULL: two staff clicking at once, or a
// double click, give one decision, one audit entry and one mail.
import { getFixedT } from "#app/i18n/i18n.server.ts";
import { isLocale, type Locale } from "#app/i18n/locales.ts";
import { writeToMailOutbox } from "#app/mail/outbox-store.server.ts";
import { renderMail } from "#app/mail/render-mail.server.ts";
import { siteFooter, siteSender } from "#app/mail/site-mail.server.ts";
import { settleMainPhoto } from "#app/profiles/photos.server.ts";
import { getSiteRegistry } from "#app/tenancy/sites.server.ts";
import type { Site } from "#app/tenancy/site-schema.ts";
import { getDb } from "#app/utils/db.server.ts";
import type { ActionResult } from "./actions.server.ts";
import type { PhotoRejectReason } from "./photo-rules.ts";
import { audit } from "./audit.server.ts";
import type { StaffUser } from "./session.server.ts";

export const PHOTO_PAGE = 40;

export interface PhotoQueueFilter {
  after?: number | null;
  siteKey?: string | null;
  userId?: number | null;
}

/** Unreviewed pending and active photos, oldest first, 40 a page (keyset on id), optionally of one site or member. */
export function photoQueue({ after, siteKey, userId }: PhotoQueueFilter = {}) {
  return getDb().photo.findMany({
    where: {
      reviewedAt: null,
      status: { in: ["pending", "active"] },
      ...(after ? { id: { gt: after } } : {}),
      ...(siteKey || userId ? { profile: { ...(siteKey ? { siteKey } : {}), ...(userId ? { userId } : {}) } } : {}),
    },
    orderBy: { id: "asc" },
    take: PHOTO_PAGE,
    select: { id: true, status: true, thumbFilename: true, createdAt: true, profile: { select: { id: true, name: true, siteKey: true, userId: true } } },
  });
}

const notFound: ActionResult = { ok: false, message: "staff.errors.photoNotFound" };
const alreadyReviewed: ActionResult = { ok: false, message: "staff.errors.photoReviewed" };

type Decision = { intent: "approve" } | { intent: "reject"; reason: PhotoRejectReason };

/** Approves or rejects one photo; only the request that finds it unreviewed decides (and mails). */
export async function decidePhoto(staff: StaffUser, photoId: number, decision: Decision): Promise<ActionResult> {
  const db = getDb();
  const status = decision.intent === "approve" ? "active" : "rejected";
  const decided = await db.$transaction(async (tx) => {
    const before = await tx.photo.findUnique({
      where: { id: photoId },
      select: { status: true, profileId: true, profile: { select: { siteKey: true, userId: true, mainPhotoId: true } } },
    });
    if (!before) return null;
    const moved = await tx.photo.updateMany({
      where: { id: photoId, reviewedAt: null, status: { in: ["pending", "active"] } },
      data: { status, reviewedAt: new Date(), reviewedById: staff.id, rejectReason: decision.intent === "reject" ? decision.reason : null },
    });
    if (!moved.count) return { moved: false as const };
    await settleMainPhoto(tx, before.profileId);
    const after = await tx.profile.findUniqueOrThrow({ where: { id: before.profileId }, select: { mainPhotoId: true } });
    await audit(
      staff,
      {
        action: decision.intent === "approve" ? "photo.approve" : "photo.reject",
        siteKey: before.profile.siteKey,
        userId: before.profile.userId,
        reason: decision.intent === "reject" ? decision.reason : null,
        before: { photo: photoId, status: before.status, mainPhoto: before.profile.mainPhotoId },
        after: { photo: photoId, status, mainPhoto: after.mainPhotoId },
      },
      tx,
    );
    return { moved: true as const, userId: before.profile.userId };
  });
  if (!decided) return notFound;
  if (!decided.moved) return alreadyReviewed;
  if (decision.intent === "approve") return { ok: true, message: "staff.done.photoApproved" };
  await sendPhotoRejectedMail(photoId, decided.userId, decision.reason);
  return { ok: true, message: "staff.done.photoRejected" };
}

const memberLocale = (site: Site, language: string | null): Locale =>
  (isLocale(language) && site.locales.includes(language) ? language : site.locales[0]) as Locale;

async function renderPhotoRejectedMail(site: Site, locale: Locale, name: string, reason: PhotoRejectReason) {
  const t = getFixedT(locale, "mail");
  const vars = { siteName: site.name, name };
  const subject = t("photos.rejected.subject", vars);
  const paragraphs = [t("photos.rejected.greeting", vars), t("photos.rejected.body", vars)];
  const why = t(`photos.reasons.${reason}`);
  const next = t("photos.rejected.next", vars);
  const note = t("photos.rejected.replyNote", { supportEmail: site.support_email });
  const footer = await siteFooter(site, locale);
  const { PhotoRejectedMailTemplate } = await import("#app/mail/templates/photo-rejected-mail.server.tsx");
  const { html, text } = await renderMail(PhotoRejectedMailTemplate, { site, locale, paragraphs, reason: why, next, replyNote: note, footer });
  return { subject, text, html };
}

async function sendPhotoRejectedMail(photoId: number, userId: number, reason: PhotoRejectReason) {
  const user = await getDb().user.findUnique({
    where: { id: userId },
    select: { email: true, siteKey: true, language: true, profile: { select: { name: true } } },
  });
  const site = user ? getSiteRegistry().byKey.get(user.siteKey) : undefined;
  if (!user || !site) return;
  const { subject, text, html } = await renderPhotoRejectedMail(site, memberLocale(site, user.language), user.profile?.name ?? "", reason);
  await writeToMailOutbox(getDb(), [{ id: photoMailId(photoId), siteKey: site.key, message: { ...siteSender(site), to: user.email, subject, text, html } }]);
}

/** A UUID-shaped id per rejected photo (the queue's job id and the Message-ID): one mail per photo. */
function photoMailId(photoId: number) {
  return `00000000-0000-4000-8003-${photoId.toString(16).padStart(12, "0").slice(-12)}`;
}
