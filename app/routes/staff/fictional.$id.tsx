// /staff/fictional/:id?site=: one conversation of the site's fictional profile, read-only, and a
// reply as that profile (free, live to the member, in the audit log). Another site's
// conversation or a real member's is not found. The reply is checked with fictionalReplySchema in
// the browser and in the action: an empty or too long reply comes back under the box with what was
// typed, a refusal of the send (the site's message length) as the form's message.
import { randomUUID } from "node:crypto";
import { data } from "react-router";
import type { Route } from "./+types/fictional.$id";
import { InboxThread } from "#app/components/staff/fictional/inbox.tsx";
import { offerSite } from "#app/offers/site.server.ts";
import { fictionalConversation, replyAsFictional } from "#app/staff/fictional-inbox.server.ts";
import { fictionalReplySchema } from "#app/staff/fictional-reply-schema.ts";
import type { FormAnswer } from "#app/staff/form-answer.ts";
import { requireStaffPermission } from "#app/staff/session.server.ts";
import { parseId, parseSubmission, readForm, refuse } from "#app/utils/request.server.ts";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaffPermission(request, context, "fictional");
  const site = offerSite(request, context);
  const id = parseId(params.id);
  const conversation = id ? await fictionalConversation(site, id) : null;
  if (!conversation) refuse(context, 404, "staff.fictional.notFound");
  // a new key for every form shown: a double submit of one form stores one reply
  return { site: site.key, conversation, clientKey: randomUUID() };
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

export async function action({ request, context, params }: Route.ActionArgs) {
  const staff = await requireStaffPermission(request, context, "fictional");
  const site = offerSite(request, context);
  const id = parseId(params.id);
  if (!id) refuse(context, 404, "staff.fictional.notFound");
  const submission = parseSubmission(await readForm(request, context), fictionalReplySchema);
  if (submission.status !== "success") return data<FormAnswer>({ ok: false, form: "reply", result: submission.reply() }, 400);
  const sent = await replyAsFictional(staff, site, id, submission.value);
  if (!sent.ok)
    return data<FormAnswer>(
      { ok: false, message: sent.error, params: sent.params, form: "reply", result: submission.reply({ formErrors: [sent.error] }) },
      sent.status,
    );
  return data<FormAnswer>({ ok: true, message: "staff.fictional.sent", form: "reply" });
}

export default function StaffFictionalThread({ loaderData: d, actionData }: Route.ComponentProps) {
  return <InboxThread site={d.site} conversation={d.conversation} clientKey={d.clientKey} answer={actionData ?? null} />;
}
