// /staff/fictional/:id?site=: one conversation of the site's fictional profile, read-only, and a
// reply as that profile (free, live to the member, in the audit log). Another site's
// conversation or a real member's is not found.
import { randomUUID } from "node:crypto";
import { data } from "react-router";
import type { Route } from "./+types/fictional.$id";
import { InboxThread } from "#app/components/staff/fictional/inbox.tsx";
import { offerSite } from "#app/offers/site.server.ts";
import { fictionalConversation, replyAsFictional, replyForm } from "#app/staff/fictional-inbox.server.ts";
import { requireStaffPermission } from "#app/staff/session.server.ts";
import { formFields, parseId, readForm, refuse } from "#app/utils/request.server.ts";

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
  const input = replyForm.safeParse(formFields(await readForm(request, context)));
  if (!input.success) return data({ ok: false, message: "staff.fictional.replyInvalid" }, 400);
  const sent = await replyAsFictional(staff, site, id, input.data);
  if (!sent.ok) return data({ ok: false, message: sent.error, params: sent.params }, sent.status);
  return { ok: true, message: "staff.fictional.sent" };
}

export default function StaffFictionalThread({ loaderData: d, actionData }: Route.ComponentProps) {
  return <InboxThread site={d.site} conversation={d.conversation} clientKey={d.clientKey} answer={actionData ?? null} />;
}
