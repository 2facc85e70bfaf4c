// The report action that the profile page and the chat's report page share: parse the form,
// count it against the IP's limit, file the report, answer with a toast or conform's reply (the
// same schema checked the form in the browser).
import type { SubmissionResult } from "@conform-to/react";
import { data, type RouterContextProvider } from "react-router";
import type { CurrentUser } from "#app/auth/user-context.server.ts";
import { localeContext } from "#app/i18n/i18n.server.ts";
import { ipKey, minutesOf, retryAfterHeader, take } from "#app/limits/rate-limits.server.ts";
import { visitorContext } from "#app/tenancy/context.ts";
import type { Site } from "#app/tenancy/site-schema.ts";
import { redirectWithToast } from "#app/toast/toast.server.ts";
import { parseSubmission } from "#app/utils/request.server.ts";
import { reportChat, reportProfile } from "./cases.server.ts";
import { reportSchema } from "./case-schema.ts";

export interface ReportActionData {
  report: SubmissionResult<string[]>;
  reportParams?: Record<string, unknown>;
}

type Target = { profileId: number | null; conversationId?: undefined } | { conversationId: number | null; profileId?: undefined };

export async function reportAction(
  context: Readonly<RouterContextProvider>,
  site: Site,
  user: CurrentUser,
  target: Target,
  form: FormData,
  done: { path: string },
) {
  const submission = parseSubmission(form, reportSchema);
  if (submission.status !== "success") return data<ReportActionData>({ report: submission.reply() }, 400);
  if (!user.profile) throw data(null, { status: 404 });
  const limited = await take(["supportCaseIp", ipKey(context.get(visitorContext).ip)]);
  if (!limited.ok) {
    return data<ReportActionData>(
      { report: submission.reply({ formErrors: ["messages.tooManyRequests"] }), reportParams: { minutes: minutesOf(limited.retryAfterMs) } },
      { status: 429, headers: retryAfterHeader(limited.retryAfterMs) },
    );
  }
  const reporter = { userId: user.id, email: user.email, locale: context.get(localeContext).locale, profileId: user.profile.id };
  const result =
    target.conversationId !== undefined
      ? await reportChat(site, reporter, target.conversationId, submission.value)
      : await reportProfile(site, reporter, target.profileId, submission.value);
  if (!result.ok) throw data(null, { status: 404 });
  return redirectWithToast(done.path, { kind: "success", key: "support.report.sentToast", values: { name: result.name } });
}
