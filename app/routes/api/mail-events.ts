// POST /api/mail-events: where the mail provider (or a bounce processor reading the return path)
// reports what happened to mail after it left: hard bounces, spam complaints and unsubscribes.
// Each one disables notification mail for the address (app/notifications/suppression.server.ts).
// Authenticated with MAIL_EVENTS_TOKEN as a bearer token; without that setting the endpoint is off.
import { timingSafeEqual } from "node:crypto";
import { z } from "zod";
import type { Route } from "./+types/mail-events";
import { recordCampaignBounce } from "#app/campaigns/deliveries.server.ts";
import { suppressAddress, type SuppressionReason } from "#app/notifications/suppression.server.ts";
import { getEnv } from "#app/utils/env.server.ts";
import { methodNotAllowed } from "#app/utils/api.server.ts";
import { errorResponse, readJson } from "#app/utils/request.server.ts";

const event = z.object({
  type: z.enum(["bounce", "complaint", "unsubscribe"]),
  email: z.string().trim().toLowerCase().pipe(z.email().max(254)),
  /** soft bounces (a full mailbox) are reported with permanent: false and change nothing */
  permanent: z.boolean().default(true),
});
const body = z.object({ events: z.array(event).min(1).max(100) });

const REASON: Record<z.infer<typeof event>["type"], SuppressionReason> = { bounce: "bounce", complaint: "spam_mark", unsubscribe: "unsubscribe" };

function authorized(request: Request) {
  const token = getEnv().MAIL_EVENTS_TOKEN;
  const given = /^Bearer (.+)$/.exec(request.headers.get("authorization") ?? "")?.[1];
  if (!token || !given) return false;
  const [a, b] = [Buffer.from(given), Buffer.from(token)];
  return a.length === b.length && timingSafeEqual(a, b);
}

export async function action({ request, context }: Route.ActionArgs) {
  if (!getEnv().MAIL_EVENTS_TOKEN) return errorResponse(context, 404, "errors.notFound");
  if (request.method !== "POST") return methodNotAllowed(context, "POST");
  if (!authorized(request)) return errorResponse(context, 401, "messages.notAuthorized", { "WWW-Authenticate": "Bearer" });
  const parsed = body.safeParse(await readJson(request, context));
  if (!parsed.success) return errorResponse(context, 400);
  let accounts = 0;
  for (const e of parsed.data.events) {
    if (e.type === "bounce" && !e.permanent) continue;
    accounts += await suppressAddress(e.email, REASON[e.type]);
    // a campaign's report counts the bounce of its mail
    if (e.type === "bounce") await recordCampaignBounce(e.email);
  }
  return Response.json({ recorded: parsed.data.events.length, accounts });
}

export const loader = ({ context }: Route.LoaderArgs) => methodNotAllowed(context, "POST");
