// POST /api/payments/webhook/{provider}: a provider's webhook for a payment of this site.
// Verified (URL signature, the provider's own checks), never trusted for a status (the provider
// is asked), idempotent and order-independent (settle.server.ts). Refusals are 4xx and logged.
import type { Route } from "./+types/payments-webhook";
import { handleWebhook } from "#app/payments/settle.server.ts";
import { siteContext } from "#app/tenancy/context.ts";
import { methodNotAllowed, NO_STORE } from "#app/utils/api.server.ts";
import { getDb } from "#app/utils/db.server.ts";

export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(context, "POST");
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > 4_096) return Response.json({ error: "too_large" }, { status: 413, headers: NO_STORE });
  const answer = await handleWebhook(getDb(), context.get(siteContext).key, params.provider ?? "", request);
  return Response.json({ outcome: answer.outcome }, { status: answer.status, headers: NO_STORE });
}

export const loader = ({ context }: Route.LoaderArgs) => methodNotAllowed(context, "POST");
