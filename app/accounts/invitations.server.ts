// Requests to be invited, on a site that takes new members only through its partners
// (signups: with_trafficsource). The visitor leaves an address; staff send the invitation from
// the console (/staff/invitations), a link that gives the visit a traffic source ("invitation")
// so the signup form opens. One request per site and address: asking again changes nothing,
// and the answer is the same whether the address asked before or not.
import type { SubmissionResult } from "@conform-to/react";
import type { Locale } from "#app/i18n/locales.ts";
import type { Site } from "#app/tenancy/site-schema.ts";
import { getDb } from "#app/utils/db.server.ts";
import { ipKey, minutesOf, take } from "#app/limits/rate-limits.server.ts";
import { parseSubmission } from "#app/utils/request.server.ts";
import { invitationRequestSchema } from "./account-schema.ts";

/** Stores the request (once per site and address). */
async function requestInvitation(site: Pick<Site, "key">, email: string, locale: Locale) {
  await getDb().invitationRequest.createMany({ data: [{ siteKey: site.key, email, locale }], skipDuplicates: true });
}

/** The link an invitation carries: the signup page with the invitation as the visit's traffic source. */
export const invitationLink = (origin: string, requestId: number) => `${origin}/signup?network=invitation&ref=${requestId}`;

/** The request form's answer: the address noted, or conform's reply (and the form message's params). */
export type InvitationAnswer = { invitation: { requested: string } | { result: SubmissionResult<string[]>; params?: Record<string, unknown> } };

/** The signup page's "request an invitation" form: parsed with its schema, limited per IP address, stored. */
export async function handleInvitationRequest(
  info: { site: Site; locale: Locale; visitor: { ip: string } },
  form: FormData,
): Promise<{ status: number; answer: InvitationAnswer; retryAfterMs?: number }> {
  const submission = parseSubmission(form, invitationRequestSchema);
  if (submission.status !== "success") return { status: 400, answer: { invitation: { result: submission.reply() } } };
  const limited = await take(["invitationIp", ipKey(info.visitor.ip)]);
  if (!limited.ok) {
    const result = submission.reply({ formErrors: ["messages.tooManyRequests"] });
    return { status: 429, answer: { invitation: { result, params: { minutes: minutesOf(limited.retryAfterMs) } } }, retryAfterMs: limited.retryAfterMs };
  }
  await requestInvitation(info.site, submission.value.email, info.locale);
  return { status: 200, answer: { invitation: { requested: submission.value.email } } };
}
