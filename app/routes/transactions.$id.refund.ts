// POST /transactions/{id}/refund: "return unused credits" of one purchase (the form is on
// /transactions/{id}); the domain decides what is unused and refundable (refunds.server.ts).
// A browser's form post (it asks for HTML) goes back to the purchase's page, which shows the
// outcome; any other caller gets the outcome as a status (409 when another request for this
// purchase got there first or it is returned already) with the message in the member's language.
import { redirect } from "react-router";
import type { Route } from "./+types/transactions.$id.refund";
import { requestInfo } from "#app/auth/request-info.server.ts";
import { requireUser } from "#app/auth/user-context.server.ts";
import { OUTCOME_STATUS, refundOutcome } from "#app/payments/refund-outcomes.ts";
import { refundUnused } from "#app/payments/refunds.server.ts";
import { getDb } from "#app/utils/db.server.ts";
import { parseId } from "#app/utils/request.server.ts";

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const id = parseId(params.id);
  if (!id) throw new Response(null, { status: 404 });
  const { site, t } = requestInfo(request, context);
  const outcome = refundOutcome(await refundUnused(getDb(), site, user.id, id));
  if ((request.headers.get("accept") ?? "").includes("text/html")) return redirect(`/transactions/${id}?refund=${outcome}`, 303);
  return Response.json(
    { outcome, message: t(`transactions.refund.${outcome}`) },
    { status: OUTCOME_STATUS[outcome], headers: { "Cache-Control": "no-store" } },
  );
}

export function loader({ params }: Route.LoaderArgs) {
  const id = parseId(params.id);
  return redirect(id ? `/transactions/${id}` : "/");
}
