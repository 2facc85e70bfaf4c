// /members/{id}/chat: the conversation with profile {id}, or an empty thread where the first
// message starts one (then the browser moves on to /chats/{conversation}).
import { data, redirect } from "react-router";
import type { Route } from "./+types/members.$id.chat";
import { requireUser } from "#app/auth/user-context.server.ts";
import { chatWith } from "#app/chat/conversations.server.ts";
import { handleSend, threadScreen } from "#app/chat/thread-page.server.ts";
import { sendOrOffline } from "#app/components/chat/send-client.ts";
import { BlockedScreen, ThreadView } from "#app/components/chat/thread-view.tsx";
import type { RootData } from "#app/root.tsx";
import { siteContext } from "#app/tenancy/context.ts";
import { parseId } from "#app/utils/request.server.ts";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const site = context.get(siteContext);
  const found = user.profile ? await chatWith(site, user.profile.id, parseId(params.id)) : { kind: "none" as const };
  if (found.kind === "none") throw data(null, { status: 404 });
  if (found.kind === "blocked_by_them")
    return data({ blockedBy: found.name, screen: null }, { status: 403, headers: { "Cache-Control": "private, no-store" } });
  if (found.kind === "ok") throw redirect(`/chats/${found.conversationId}`);
  const screen = await threadScreen(
    request,
    site,
    { paidUser: user.paidUser, profile: user.profile! },
    { ...found, conversationId: null },
    `/members/${found.partner.id}/chat`,
  );
  return data({ blockedBy: null, screen }, { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const answer = await handleSend(request, context, context.get(siteContext), user, { profileId: parseId(params.id) });
  return answer.data.ok ? redirect(`/chats/${answer.data.conversationId}`) : answer;
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => sendOrOffline(serverAction);

export const meta: Route.MetaFunction = ({ data: d, matches }) => {
  const siteName = (matches.find((m) => m?.id === "root")?.data as RootData | undefined)?.site.name;
  return d?.screen ? [{ title: [d.screen.partner.name, siteName].filter(Boolean).join(" · ") }] : [];
};

export default function StartChat({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.blockedBy) return <BlockedScreen name={loaderData.blockedBy} />;
  return <ThreadView screen={loaderData.screen!} actionData={actionData} />;
}
