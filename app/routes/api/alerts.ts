// POST /api/alerts: dismiss one of the member's alerts for good.
import { data, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/alerts";
import { ALERTS, dismissAlert } from "#app/alerts/alerts.server.ts";
import { requireApiMember } from "#app/auth/user-context.server.ts";
import { errorResponse, readForm } from "#app/utils/request.server.ts";

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireApiMember(context);
  const alert = z.enum(ALERTS).safeParse((await readForm(request, context)).get("alert"));
  if (!alert.success) return errorResponse(context, 400);
  await dismissAlert(user.id, alert.data);
  return data({ ok: true });
}

export const loader = () => redirect("/");
