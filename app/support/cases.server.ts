// Complaints (/complaints, from members and visitors) and abuse reports (on a profile or a
// conversation) land in one queue that staff work through in the console (app/staff/cases.server.ts).
// Every reported id goes through the same access check as viewing it: a member can only report
// a profile or a conversation this site shows them. A form carries a one-time key, so sending it
// twice files one case.
import type { z } from "zod";
import { chatAccess } from "#app/chat/conversations.server.ts";
import { Prisma } from "#app/generated/prisma/client.ts";
import type { Locale } from "#app/i18n/locales.ts";
import { profileAccess } from "#app/profiles/access.server.ts";
import type { Site } from "#app/tenancy/site-schema.ts";
import { getDb } from "#app/utils/db.server.ts";
import { sendCaseMail } from "./case-mails.server.ts";
import type { CaseKind } from "./case-rules.ts";
import type { complaintSchema, reportSchema } from "./case-schema.ts";

export interface Reporter {
  userId: number | null;
  email: string;
  locale: Locale;
}

interface NewCase {
  kind: CaseKind;
  category: string;
  text: string;
  requestKey: string;
  profileId?: number | null;
  conversationId?: number | null;
}

/** The case's id; the same key again gives the case it filed the first time. */
async function file(site: Site, reporter: Reporter, input: NewCase) {
  const db = getDb();
  try {
    const created = await db.supportCase.create({
      data: {
        siteKey: site.key,
        kind: input.kind,
        category: input.category,
        text: input.text,
        email: reporter.email,
        locale: reporter.locale,
        reporterUserId: reporter.userId,
        profileId: input.profileId ?? null,
        conversationId: input.conversationId ?? null,
        requestKey: input.requestKey,
      },
      select: { id: true },
    });
    return { id: created.id, created: true };
  } catch (error) {
    if (!(error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002")) throw error;
    const earlier = await db.supportCase.findUnique({ where: { requestKey: input.requestKey }, select: { id: true, siteKey: true } });
    if (!earlier || earlier.siteKey !== site.key) throw error;
    return { id: earlier.id, created: false };
  }
}

/** Files a complaint and confirms it by mail (once, also when the form is sent twice). */
export async function fileComplaint(site: Site, reporter: Omit<Reporter, "email">, input: z.infer<typeof complaintSchema>) {
  const result = await file(
    site,
    { ...reporter, email: input.email },
    { kind: "complaint", category: input.category, text: input.text, requestKey: input.key },
  );
  if (result.created) await sendCaseMail("received", site, { id: result.id, email: input.email, locale: reporter.locale });
  return result.id;
}

export type ReportResult = { ok: true; id: number; name: string } | { ok: false };

/** Reports a profile this site shows the member (also one that blocked them); anything else is not found. */
export async function reportProfile(
  site: Site,
  reporter: Reporter & { profileId: number },
  profileId: number | null,
  input: z.infer<typeof reportSchema>,
): Promise<ReportResult> {
  const access = await profileAccess(site, reporter.profileId, profileId);
  if ((access.kind !== "visible" && access.kind !== "blocked_by_them") || access.id === reporter.profileId) return { ok: false };
  const { id } = await file(site, reporter, { kind: "profile_report", category: input.reason, text: input.text, requestKey: input.key, profileId: access.id });
  return { ok: true, id, name: access.name };
}

/** Reports a conversation the member takes part in on this site; the case names the other member. */
export async function reportChat(
  site: Site,
  reporter: Reporter & { profileId: number },
  conversationId: number | null,
  input: z.infer<typeof reportSchema>,
): Promise<ReportResult> {
  const access = await chatAccess(site, reporter.profileId, conversationId);
  if (access.kind !== "ok") return { ok: false };
  const { id } = await file(site, reporter, {
    kind: "chat_report",
    category: input.reason,
    text: input.text,
    requestKey: input.key,
    profileId: access.partner.id,
    conversationId: access.conversationId,
  });
  return { ok: true, id, name: access.partner.name };
}
