// The staff audit log: one row per staff action (who, what, which site or member, before,
// after, reason, when). PostgreSQL refuses UPDATE, DELETE and TRUNCATE on the table (trigger in
// the staff_console migration), so nobody, the app included, can change what was written.
import { createContext, type RouterContextProvider } from "react-router";
import type { Prisma } from "#app/generated/prisma/client.ts";
import { getDb, type Db } from "#app/utils/db.server.ts";
import type { StaffUser } from "./session.server.ts";

type Tx = Prisma.TransactionClient;

export interface AuditInput {
  action: string;
  siteKey?: string | null;
  userId?: number | null;
  reason?: string | null;
  before?: Prisma.InputJsonValue | null;
  after?: Prisma.InputJsonValue | null;
}

/** Writes the entry, in the caller's transaction when given (so the action and its entry commit together). */
export function audit(staff: Pick<StaffUser, "id" | "email">, input: AuditInput, tx: Tx | Db = getDb()) {
  return tx.staffAuditEntry.create({
    data: {
      staffId: staff.id,
      staffEmail: staff.email,
      action: input.action,
      siteKey: input.siteKey ?? null,
      userId: input.userId ?? null,
      reason: input.reason ?? null,
      before: input.before ?? undefined,
      after: input.after ?? undefined,
    },
  });
}

/** Set by a staff action: the page it renders again is the answer to the action, not a new view. */
const staffActed = createContext<boolean>(false);
export const markStaffAction = (context: Readonly<RouterContextProvider>) => context.set(staffActed, true);

/**
 * A staff member opened a member's data (e-mail, logins, ledger, payments): who, which member,
 * when and on which console page, never what the page showed. One entry per page view (a reload
 * is a new view); the page an action of theirs renders again is not one.
 */
export async function auditMemberView(
  staff: Pick<StaffUser, "id" | "email">,
  member: { id: number; siteKey: string },
  request: Request,
  context: Readonly<RouterContextProvider>,
) {
  if (context.get(staffActed)) return;
  const page = new URL(request.url).pathname.replace(/\.data$/, "");
  await audit(staff, { action: "member.view", siteKey: member.siteKey, userId: member.id, after: { page } });
}

export const AUDIT_PAGE = 50;

/** Newest first, 50 a page (keyset on id), optionally for one member. */
export function auditEntries(options: { before?: number | null; userId?: number | null } = {}) {
  return getDb().staffAuditEntry.findMany({
    where: { ...(options.before ? { id: { lt: options.before } } : {}), ...(options.userId ? { userId: options.userId } : {}) },
    orderBy: { id: "desc" },
    take: AUDIT_PAGE,
  });
}
