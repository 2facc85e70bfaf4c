// "Anna is typing…": the writer's page tells the server while the member types, and the server
// passes it as a live event to the other member of the conversation only. The conversation id
// goes through chatAccess like any other (foreign, unknown or blocked: nothing is sent), and each
// member and conversation gets at most one notice per LIMITS.typing window, counted in the shared
// database so that several web processes cannot pass it together.
import { announce } from "#app/live/bus.server.ts";
import { take } from "#app/limits/rate-limits.server.ts";
import type { Site } from "#app/tenancy/site-schema.ts";
import { chatAccess } from "./conversations.server.ts";

export type TypingResult = "sent" | "throttled" | "not_found";

export async function announceTyping(site: Site, viewer: number, conversationId: number | null): Promise<TypingResult> {
  const access = await chatAccess(site, viewer, conversationId);
  if (access.kind !== "ok") return "not_found";
  // a member who cannot write there (blocked either way, partner gone) has nothing to announce
  if (access.block) return "not_found";
  const counted = await take(["typing", `${viewer}:${access.conversationId}`]);
  if (!counted.ok) return "throttled";
  announce([access.partner.id], { type: "typing", conversationId: access.conversationId });
  return "sent";
}
