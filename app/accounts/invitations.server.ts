// Requests to be invited, on a site that takes new members only through its partners
// (signups: with_trafficsource). The visitor leaves an address; staff send the invitation from
// the console (/staff/invitations), a link that gives the visit a traffic source ("invitation")
// so the signup form opens. One request per site and address: asking again changes nothing,
// and the answer is the same whether the address asked before or not.
import { z } from "zod";
import type { Locale } from "#app/i18n/locales.ts";
import type { Site } from "#app/tenancy/site-schema.ts";
import { getDb } from "#app/utils/db.server.ts";
import { ipKey, minutesOf, take } from "#app/limits/rate-limits.server.ts";
import { emailField } from "#app/auth/validation.ts";

const invitationRequestSchema = z.object({ email: emailField });

/** Stores the request (once per site and address). */
async function requestInvitation(site: Pick<Site, "key">, email: string, locale: Locale) {
  await getDb().invitationRequest.createMany({ data: [{ siteKey: site.key, email, locale }], skipDuplicates: true });
}

/** The link an invitation carries: the signup page with the invitation as the visit's traffic source. */
export const invitationLink = (origin: string, requestId: number) => `${origin}/signup?network=invitation&ref=${requestId}`;

export type InvitationAnswer = { invitation: { requested: string } } | { invitation: { error: string; params?: Record<string, unknown>; email: string } };

/** The signup page's "request an invitation" form: parsed, limited per IP address, stored. */
export async function handleInvitationRequest(
  info: { site: Site; locale: Locale; visitor: { ip: string } },
  fields: Record<string, string>,
): Promise<{ status: number; answer: InvitationAnswer; retryAfterMs?: number }> {
  const email = (fields.email ?? "").slice(0, 300);
  const parsed = invitationRequestSchema.safeParse({ email });
  if (!parsed.success) return { status: 400, answer: { invitation: { error: "validation.invalidEmail", email } } };
  const limited = await take(["invitationIp", ipKey(info.visitor.ip)]);
  if (!limited.ok)
    return {
      status: 429,
      answer: { invitation: { error: "messages.tooManyRequests", params: { minutes: minutesOf(limited.retryAfterMs) }, email } },
      retryAfterMs: limited.retryAfterMs,
    };
  await requestInvitation(info.site, parsed.data.email, info.locale);
  return { status: 200, answer: { invitation: { requested: parsed.data.email } } };
}
