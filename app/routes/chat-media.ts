// GET /chat-media/{file}: a chat image, for the member its URL was signed for, while they take
// part in the conversation (app/chat/images.server.ts); 404 for anyone and anything else.
import type { Route } from "./+types/chat-media";
import { getUser } from "#app/auth/user-context.server.ts";
import { chatImageFile } from "#app/chat/images.server.ts";
import { siteContext } from "#app/tenancy/context.ts";

const notFound = () => new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

export async function loader({ context, params }: Route.LoaderArgs) {
  const user = getUser(context);
  if (!user?.profile) return notFound();
  const file = await chatImageFile(context.get(siteContext), user.profile.id, params.file);
  if (!file) return notFound();
  return new Response(new Uint8Array(file.body), {
    headers: {
      "Content-Type": "image/jpeg",
      "Content-Length": String(file.body.length),
      // signed for one member: no shared cache may keep it
      "Cache-Control": `private, max-age=${file.maxAge}`,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
