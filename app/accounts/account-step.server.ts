// The signup's account step (spec section 5): the site's gate, the form's rules (one schema with
// the browser, app/accounts/account-schema.ts, plus the site's invite codes), the typo check of
// the address, the rate limits, then the account and its session. The route only turns the
// outcome into an answer.
import type { SubmissionResult } from "@conform-to/react";
import type { RouterContextProvider } from "react-router";
import { createSession } from "#app/auth/session.server.ts";
import type { requestInfo } from "#app/auth/request-info.server.ts";
import { dateOfBirthField } from "#app/auth/validation.ts";
import { ipKey, minutesOf, take } from "#app/limits/rate-limits.server.ts";
import { hasTrafficSource, visitOf } from "#app/tracking/tracking.server.ts";
import { parseSubmission } from "#app/utils/request.server.ts";
import { accountStepSchema, dateOfBirthOf } from "./account-schema.ts";
import { EMAIL_CHECKED_FIELD, suggestEmail, suggestionToConfirm, USE_SUGGESTION_FIELD } from "./email-suggestion.ts";
import { handleInvitationRequest, type InvitationAnswer } from "./invitations.server.ts";
import { createAccount, EmailTaken, signupGate } from "./signup.server.ts";

/** What the account step's form shows after a post: conform's reply, the did-you-mean, the form message's params. */
export interface AccountStepAnswer {
  result: SubmissionResult<string[]>;
  suggestion?: string | null;
  params?: Record<string, unknown>;
}

export type AccountStepOutcome =
  | { kind: "created"; setCookie: string }
  | { kind: "answer"; status: number; answer: AccountStepAnswer; retryAfterMs?: number }
  | { kind: "invitation"; status: number; answer: InvitationAnswer; retryAfterMs?: number };

type Info = ReturnType<typeof requestInfo>;

// the password is never sent back into the page
const NO_ECHO = { hideFields: ["password"] };

export async function submitAccountStep(
  request: Request,
  context: Readonly<RouterContextProvider>,
  info: Info,
  form: FormData,
  target: { id: number } | null,
): Promise<AccountStepOutcome> {
  const gate = signupGate(info.site, hasTrafficSource(context));
  if (gate === "trafficsource_required" && form.get("intent") === "invitation") {
    const { status, answer, retryAfterMs } = await handleInvitationRequest(info, form);
    return { kind: "invitation", status, answer, ...(retryAfterMs ? { retryAfterMs } : {}) };
  }

  // without JavaScript the suggestion's button posts the suggested address
  const useSuggestion = form.get(USE_SUGGESTION_FIELD);
  if (typeof useSuggestion === "string" && useSuggestion) form.set("email", useSuggestion);
  const schema = accountStepSchema({ inviteOnly: gate === "invite_only", messageLength: info.site.message_length, inviteCodes: info.site.invite_codes });
  const submission = parseSubmission(form, schema);
  if (gate === "trafficsource_required")
    return { kind: "answer", status: 403, answer: { result: submission.reply({ formErrors: ["signup.closedTrafficSource"], ...NO_ECHO }) } };
  if (submission.status !== "success") {
    const email = String(form.get("email") ?? "").slice(0, 254);
    return { kind: "answer", status: 400, answer: { result: submission.reply(NO_ECHO), suggestion: suggestEmail(email.trim().toLowerCase()) } };
  }
  const value = submission.value;

  // a valid form with a likely typo in the address (gmial.com) is answered once with the suggestion
  const confirm = suggestionToConfirm(value.email, String(form.get(EMAIL_CHECKED_FIELD) ?? ""));
  if (confirm) return { kind: "answer", status: 200, answer: { result: submission.reply(NO_ECHO), suggestion: confirm } };

  const limited = await take(["signupIp", ipKey(info.visitor.ip)], ["signupAddress", `${info.site.key}:${value.email}`]);
  if (!limited.ok) {
    const answer = { result: submission.reply({ formErrors: ["messages.tooManyRequests"], ...NO_ECHO }), params: { minutes: minutesOf(limited.retryAfterMs) } };
    return { kind: "answer", status: 429, answer, retryAfterMs: limited.retryAfterMs };
  }
  try {
    const created = await createAccount(
      { ...value, date_of_birth: dateOfBirthField.parse(dateOfBirthOf(value)), target_profile: target?.id },
      { site: info.site, locale: info.locale, country: info.visitor.country, trackingId: visitOf(context)?.id ?? null, origin: info.origin },
    );
    const session = await createSession(created.id, info.site, { ip: info.visitor.ip, userAgent: request.headers.get("user-agent") });
    return { kind: "created", setCookie: session.setCookie };
  } catch (error) {
    if (error instanceof EmailTaken)
      return { kind: "answer", status: 400, answer: { result: submission.reply({ fieldErrors: { email: ["messages.emailExists"] }, ...NO_ECHO }) } };
    throw error;
  }
}
