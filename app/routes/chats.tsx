// /chats: the member's conversations, newest first. Removing one asks DELETE /api/chat.php
// (with JavaScript) or posts here (without).
import { data, redirect } from "react-router";
import type { Route } from "./+types/chats";
import { requireUser } from "#app/auth/user-context.server.ts";
import { chatList, removeChat } from "#app/chat/conversations.server.ts";
import { ChatList } from "#app/components/chat/chat-list.tsx";
import { siteContext } from "#app/tenancy/context.ts";
import { parseId, readForm } from "#app/utils/request.server.ts";
import { useLiveRevalidation } from "#app/live/live-state.tsx";

/** app-like on phones: the tab bar, no footer */
export const handle = { appScreen: true };

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const entries = user.profile ? await chatList(context.get(siteContext), user.profile.id) : [];
  return data({ entries }, { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const form = await readForm(request, context);
  const removed =
    form.get("intent") === "remove" && !!user.profile && (await removeChat(context.get(siteContext), user.profile.id, parseId(form.get("conversation"))));
  if (!removed) throw data(null, { status: 404 });
  return redirect("/chats");
}

export default function Chats({ loaderData }: Route.ComponentProps) {
  useLiveRevalidation((e) => e.type === "message" || e.type === "read");
  return <ChatList entries={loaderData.entries} />;
}
