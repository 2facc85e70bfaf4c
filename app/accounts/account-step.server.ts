// The signup's account step (spec section 5): the site's gate, the form's rules, the first
// message's length, the typo check of the address, the rate limits, then the account and its
// session. The route only turns the outcome into an answer.
import type { RouterContextProvider } from "react-router";
import { createSession } from "#app/auth/session.server.ts";
import type { requestInfo } from "#app/auth/request-info.server.ts";
import { dateOfBirthFromParts, fieldErrors, signupSchema } from "#app/auth/validation.ts";
import { ipKey, minutesOf, take } from "#app/limits/rate-limits.server.ts";
import { hasTrafficSource, visitOf } from "#app/tracking/tracking.server.ts";
import { formFields } from "#app/utils/request.server.ts";
import { EMAIL_CHECKED_FIELD, suggestEmail, suggestionToConfirm, USE_SUGGESTION_FIELD } from "./email-suggestion.ts";
import { handleInvitationRequest, type InvitationAnswer } from "./invitations.server.ts";
import { createAccount, EmailTaken, signupGate } from "./signup.server.ts";

/** What the account step's form shows after a post: field errors, a form error, the values to keep. */
export interface AccountStepAnswer {
  errors?: Record<string, string>;
  formError?: string;
  formParams?: Record<string, unknown>;
  suggestion?: string | null;
  values?: Record<string, string>;
  messageLength?: number;
}

export type AccountStepOutcome =
  | { kind: "created"; setCookie: string }
  | { kind: "answer"; status: number; answer: AccountStepAnswer; retryAfterMs?: number }
  | { kind: "invitation"; status: number; answer: InvitationAnswer; retryAfterMs?: number };

type Info = ReturnType<typeof requestInfo>;

/** The fields echoed back into the form: never the password, nothing long. */
function echo(fields: Record<string, string>) {
  return Object.fromEntries(
    Object.entries(fields)
      .filter(([k]) => k !== "password" && k !== EMAIL_CHECKED_FIELD && k !== USE_SUGGESTION_FIELD)
      .map(([k, v]) => [k, v.slice(0, 1000)]),
  );
}

export async function submitAccountStep(
  request: Request,
  context: Readonly<RouterContextProvider>,
  info: Info,
  form: FormData,
  target: { id: number } | null,
): Promise<AccountStepOutcome> {
  const fields = formFields(form);
  if (fields[USE_SUGGESTION_FIELD]) fields.email = fields[USE_SUGGESTION_FIELD];
  const dateOfBirth = dateOfBirthFromParts(fields);
  if (!fields.date_of_birth && dateOfBirth !== undefined) fields.date_of_birth = dateOfBirth;
  const values = echo(fields);

  const gate = signupGate(info.site, hasTrafficSource(context));
  if (gate === "trafficsource_required" && fields.intent === "invitation") {
    const { status, answer, retryAfterMs } = await handleInvitationRequest(info, fields);
    return { kind: "invitation", status, answer, ...(retryAfterMs ? { retryAfterMs } : {}) };
  }
  if (gate === "trafficsource_required") return { kind: "answer", status: 403, answer: { formError: "signup.closedTrafficSource", values } };

  const parsed = signupSchema.safeParse(fields);
  const errors = parsed.success ? {} : fieldErrors(parsed.error);
  if (gate === "invite_only" && !info.site.invite_codes.includes((fields.invite_code ?? "").trim())) errors.invite_code = "validation.inviteCode";
  // the first message obeys the site's message_length like any message
  if (target && [...(fields.signup_message ?? "").trim()].length > info.site.message_length) errors.signup_message = "chat.errors.tooLong";
  const suggestion = suggestEmail((values.email ?? "").trim().toLowerCase());
  if (!parsed.success || Object.keys(errors).length)
    return { kind: "answer", status: 400, answer: { errors, values, suggestion, messageLength: info.site.message_length } };

  // a valid form with a likely typo in the address (gmial.com) is answered once with the suggestion
  const confirm = suggestionToConfirm(parsed.data.email, fields[EMAIL_CHECKED_FIELD]);
  if (confirm) return { kind: "answer", status: 200, answer: { errors: {}, values, suggestion: confirm } };

  const limited = await take(["signupIp", ipKey(info.visitor.ip)], ["signupAddress", `${info.site.key}:${parsed.data.email}`]);
  if (!limited.ok) {
    const formParams = { minutes: minutesOf(limited.retryAfterMs) };
    return { kind: "answer", status: 429, answer: { formError: "messages.tooManyRequests", formParams, values }, retryAfterMs: limited.retryAfterMs };
  }
  try {
    const created = await createAccount(
      { ...parsed.data, target_profile: target?.id },
      { site: info.site, locale: info.locale, country: info.visitor.country, trackingId: visitOf(context)?.id ?? null, origin: info.origin },
    );
    const session = await createSession(created.id, info.site, { ip: info.visitor.ip, userAgent: request.headers.get("user-agent") });
    return { kind: "created", setCookie: session.setCookie };
  } catch (error) {
    if (error instanceof EmailTaken) return { kind: "answer", status: 400, answer: { errors: { email: "messages.emailExists" }, values } };
    throw error;
  }
}
