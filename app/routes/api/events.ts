// GET /api/events: the member's live stream (app/live/event-stream.server.ts). Polling of
// /api/chats.php remains the fallback.
import type { Route } from "./+types/events";
import { requireApiMember } from "#app/auth/user-context.server.ts";
import { openEventStream } from "#app/live/event-stream.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  return openEventStream(requireApiMember(context, "profile").profile.id, request.signal);
}
