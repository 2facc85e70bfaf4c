// POST /transactions/{id}/refund: "return unused credits" of one purchase (the form is on
// /transactions/{id}); the domain decides what is unused and refundable (refunds.server.ts).
import { redirect } from "react-router";
import type { Route } from "./+types/transactions.$id.refund";
import { requireUser } from "#app/auth/user-context.server.ts";
import { refundUnused } from "#app/payments/refunds.server.ts";
import { siteContext } from "#app/tenancy/context.ts";
import { getDb } from "#app/utils/db.server.ts";
import { parseId } from "#app/utils/request.server.ts";

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const id = parseId(params.id);
  if (!id) throw new Response(null, { status: 404 });
  const answer = await refundUnused(getDb(), context.get(siteContext), user.id, id);
  return redirect(`/transactions/${id}?refund=${answer.ok ? "done" : "failed"}`);
}

export function loader({ params }: Route.LoaderArgs) {
  const id = parseId(params.id);
  return redirect(id ? `/transactions/${id}` : "/");
}
