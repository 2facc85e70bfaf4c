// The support queue in the console: complaints and abuse reports of every site, oldest open case
// first. Support takes a case (in progress, assigned to them), writes notes and closes it with
// what the reporter is told by mail. Each step is written to the audit log with the case's site.
import { z } from "zod";
import { CASE_STATUSES, type CaseStatus } from "#app/support/case-rules.ts";
import { sendCaseMail } from "#app/support/case-mails.server.ts";
import { getSiteRegistry } from "#app/tenancy/sites.server.ts";
import { getDb } from "#app/utils/db.server.ts";
import { audit } from "./audit.server.ts";
import type { ActionResult } from "./actions.server.ts";
import type { StaffUser } from "./session.server.ts";

export const CASE_PAGE = 50;
export const caseStatusFilter = z.enum([...CASE_STATUSES, "open"]).catch("open");

/** "open" is new and in progress together; 50 a page, oldest first (keyset on id). */
export function listCases(status: CaseStatus | "open", after: number | null) {
  return getDb().supportCase.findMany({
    where: { status: status === "open" ? { in: ["new", "in_progress"] } : status, ...(after ? { id: { gt: after } } : {}) },
    orderBy: { id: "asc" },
    take: CASE_PAGE,
    select: {
      id: true,
      siteKey: true,
      kind: true,
      category: true,
      status: true,
      email: true,
      createdAt: true,
      text: true,
      assignedStaff: { select: { name: true } },
      profile: { select: { id: true, name: true } },
    },
  });
}

/** The case with its reporter, the reported member and, for a chat report, the conversation's last 20 messages. */
export async function caseDetail(id: number) {
  const db = getDb();
  const found = await db.supportCase.findUnique({
    where: { id },
    include: {
      assignedStaff: { select: { id: true, name: true } },
      reporter: { select: { id: true, email: true, profile: { select: { name: true } } } },
      profile: { select: { id: true, name: true, userId: true, status: true, fictional: true } },
      notes: { orderBy: { id: "asc" } },
    },
  });
  if (!found) return null;
  const messages = found.conversationId
    ? (
        await db.message.findMany({
          where: { conversationId: found.conversationId },
          orderBy: { id: "desc" },
          take: 20,
          select: { id: true, senderId: true, body: true, imageId: true, giftId: true, createdAt: true, sender: { select: { name: true } } },
        })
      ).reverse()
    : [];
  return { ...found, messages, site: getSiteRegistry().byKey.get(found.siteKey) ?? null };
}

const notFound: ActionResult = { ok: false, message: "staff.errors.caseNotFound" };

/** Takes the case: in progress, assigned to this staff member (also taking it over from a colleague). */
export async function takeCase(staff: StaffUser, id: number): Promise<ActionResult> {
  const db = getDb();
  const before = await db.supportCase.findUnique({ where: { id }, select: { status: true, siteKey: true, assignedStaffId: true } });
  if (!before) return notFound;
  if (before.status === "closed") return { ok: false, message: "staff.errors.caseClosed" };
  await db.$transaction(async (tx) => {
    await tx.supportCase.update({ where: { id }, data: { status: "in_progress", assignedStaffId: staff.id } });
    await audit(
      staff,
      {
        action: "case.take",
        siteKey: before.siteKey,
        before: { case: id, status: before.status, assigned: before.assignedStaffId },
        after: { case: id, status: "in_progress", assigned: staff.id },
      },
      tx,
    );
  });
  return { ok: true, message: "staff.done.caseTaken" };
}

export async function addCaseNote(staff: StaffUser, id: number, text: string): Promise<ActionResult> {
  const db = getDb();
  const found = await db.supportCase.findUnique({ where: { id }, select: { siteKey: true } });
  if (!found) return notFound;
  await db.$transaction(async (tx) => {
    await tx.supportCaseNote.create({ data: { caseId: id, staffId: staff.id, staffEmail: staff.email, text } });
    await audit(staff, { action: "case.note", siteKey: found.siteKey, after: { case: id, note: text.slice(0, 200) } }, tx);
  });
  return { ok: true, message: "staff.done.noteAdded" };
}

/**
 * Closes the case and mails the reporter the outcome. Only the request that moves the case from
 * open to closed mails (a conditional update), so a double click or two staff at once send one mail.
 */
export async function closeCase(staff: StaffUser, id: number, outcome: string): Promise<ActionResult> {
  const db = getDb();
  const closed = await db.$transaction(async (tx) => {
    const moved = await tx.supportCase.updateMany({
      where: { id, status: { in: ["new", "in_progress"] } },
      data: { status: "closed", outcome, closedAt: new Date(), assignedStaffId: staff.id },
    });
    if (!moved.count) return null;
    const row = await tx.supportCase.findUniqueOrThrow({ where: { id }, select: { siteKey: true, email: true, locale: true } });
    await audit(staff, { action: "case.close", siteKey: row.siteKey, after: { case: id, status: "closed", outcome: outcome.slice(0, 500) } }, tx);
    return row;
  });
  if (!closed) return (await db.supportCase.count({ where: { id } })) ? { ok: false, message: "staff.errors.caseClosed" } : notFound;
  const site = getSiteRegistry().byKey.get(closed.siteKey);
  if (site) await sendCaseMail("closed", site, { id, email: closed.email, locale: closed.locale, outcome });
  return { ok: true, message: "staff.done.caseClosed" };
}
