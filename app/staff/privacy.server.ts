// Privacy requests staff handle for a member: an export of their data (support and
// admins), mailed to the member like one they asked for themselves, so staff never hold the file;
// and an erasure (admins only, with the reason, e.g. the request received by mail), which
// anonymises the account at once through the purge's path and ends every session. The audit
// entry is written in the transaction that creates the export or erases the account.
import { anonymiseAccount } from "#app/accounts/account.server.ts";
import { requestExport } from "#app/privacy/exports.server.ts";
import { notFound, target, type ActionResult } from "./actions.server.ts";
import { audit } from "./audit.server.ts";
import type { StaffUser } from "./session.server.ts";

export async function exportMemberData(staff: StaffUser, userId: number): Promise<ActionResult> {
  const t = await target(userId);
  if (!t) return notFound;
  if (t.user.status === "deleted") return { ok: false, message: "staff.errors.accountClosed" };
  const result = await requestExport(
    { id: userId, siteKey: t.site.key },
    {
      staffId: staff.id,
      inTransaction: (tx, exportId) =>
        audit(staff, { action: "member.export_data", siteKey: t.site.key, userId, after: { export: exportId, mailedTo: "member" } }, tx),
    },
  );
  if (!result.ok) return { ok: false, message: "staff.errors.exportLimit" };
  return { ok: true, message: result.created ? "staff.done.exportQueued" : "staff.done.exportPending" };
}

export async function eraseMember(staff: StaffUser, userId: number, reason: string): Promise<ActionResult> {
  const t = await target(userId);
  if (!t) return notFound;
  if (t.user.status === "deleted") return { ok: false, message: "staff.errors.alreadyErased" };
  const erased = await anonymiseAccount(userId, (tx) =>
    audit(
      staff,
      {
        action: "member.erase",
        siteKey: t.site.key,
        userId,
        reason,
        before: { status: t.user.status },
        after: { status: "deleted" },
      },
      tx,
    ),
  );
  return erased ? { ok: true, message: "staff.done.erased" } : { ok: false, message: "staff.errors.alreadyErased" };
}
