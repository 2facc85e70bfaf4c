// /chats/{id} (id: the conversation): the thread in the chat layout, with the send footer.
import { data } from "react-router";
import type { Route } from "./+types/chats.$id";
import { requireUser } from "#app/auth/user-context.server.ts";
import { chatAccess } from "#app/chat/conversations.server.ts";
import { handleSend, threadScreen } from "#app/chat/thread-page.server.ts";
import { sendOrOffline } from "#app/components/chat/send-client.ts";
import { BlockedScreen, ThreadView } from "#app/components/chat/thread-view.tsx";
import type { RootData } from "#app/root.tsx";
import { siteContext } from "#app/tenancy/context.ts";
import { parseId } from "#app/utils/request.server.ts";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const site = context.get(siteContext);
  const access = user.profile ? await chatAccess(site, user.profile.id, parseId(params.id)) : { kind: "none" as const };
  if (access.kind === "none") throw data(null, { status: 404 });
  if (access.kind === "blocked_by_them")
    return data({ blockedBy: access.name, screen: null }, { status: 403, headers: { "Cache-Control": "private, no-store" } });
  const screen = await threadScreen(request, site, { paidUser: user.paidUser, profile: user.profile! }, access, `/chats/${access.conversationId}`);
  return data({ blockedBy: null, screen }, { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = requireUser(context, request);
  return handleSend(request, context, context.get(siteContext), user, { conversationId: parseId(params.id) });
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => sendOrOffline(serverAction);

export const meta: Route.MetaFunction = ({ data: d, matches }) => {
  const siteName = (matches.find((m) => m?.id === "root")?.data as RootData | undefined)?.site.name;
  return d?.screen ? [{ title: [d.screen.partner.name, siteName].filter(Boolean).join(" · ") }] : [];
};

export default function ChatThread({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.blockedBy) return <BlockedScreen name={loaderData.blockedBy} />;
  return <ThreadView screen={loaderData.screen!} actionData={actionData} />;
}
