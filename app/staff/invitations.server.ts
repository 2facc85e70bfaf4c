// The invitation requests of sites open only through partners (app/accounts/invitations.server.ts),
// as staff see and answer them: oldest first; sending one mails the visitor their personal
// signup link on the request's own site and in its language, once, with an audit entry.
import { isLocale } from "#app/i18n/locales.ts";
import { invitationLink } from "#app/accounts/invitations.server.ts";
import { prepareAccountMail } from "#app/mail/account-mails.server.ts";
import { writeToMailOutbox } from "#app/mail/outbox-store.server.ts";
import { siteOrigin } from "#app/notifications/delivery.server.ts";
import { getSiteRegistry } from "#app/tenancy/sites.server.ts";
import { getDb } from "#app/utils/db.server.ts";
import type { ActionResult } from "./actions.server.ts";
import { audit } from "./audit.server.ts";
import type { StaffUser } from "./session.server.ts";

const INVITATION_PAGE = 100;

/** Requests not answered yet, oldest first; of one site when given. */
export function pendingInvitations(siteKey: string | null) {
  return getDb().invitationRequest.findMany({
    where: { invitedAt: null, ...(siteKey ? { siteKey } : {}) },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take: INVITATION_PAGE,
    select: { id: true, siteKey: true, email: true, locale: true, createdAt: true },
  });
}

export async function sendInvitation(staff: StaffUser, requestId: number): Promise<ActionResult> {
  const db = getDb();
  const request = await db.invitationRequest.findUnique({ where: { id: requestId } });
  const site = request ? getSiteRegistry().byKey.get(request.siteKey) : undefined;
  if (!request || !site) return { ok: false, message: "staff.errors.invitationNotFound" };
  const locale = isLocale(request.locale) && site.locales.includes(request.locale) ? request.locale : site.locales[0]!;
  const mail = await prepareAccountMail({ kind: "invitation", site, locale, to: request.email, name: "", link: invitationLink(siteOrigin(site), request.id) });
  // one staff member sends it: the request is claimed, audited and its mail written together
  const claimed = await db.$transaction(async (tx) => {
    const { count } = await tx.invitationRequest.updateMany({ where: { id: requestId, invitedAt: null }, data: { invitedAt: new Date() } });
    if (!count) return false;
    await audit(staff, { action: "invitation.send", siteKey: site.key, after: { email: request.email } }, tx);
    await writeToMailOutbox(tx, [mail]);
    return true;
  });
  if (!claimed) return { ok: false, message: "staff.errors.invitationSent" };
  return { ok: true, message: "staff.done.invitationSent", params: { email: request.email } };
}
