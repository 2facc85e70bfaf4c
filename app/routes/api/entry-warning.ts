// POST /api/entry-warning: the visitor confirmed the entry warning; remember it for a year.
import { serialize } from "cookie";
import { redirect } from "react-router";
import type { Route } from "./+types/entry-warning";
import { ENTRY_WARNING_COOKIE } from "#app/tenancy/entry-warning.ts";
import { cookieDefaults } from "#app/utils/env.server.ts";
import { safeRedirectPath } from "#app/utils/redirect.ts";
import { readForm } from "#app/utils/request.server.ts";

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request, context);
  const cookie = serialize(ENTRY_WARNING_COOKIE, "1", { ...cookieDefaults(), maxAge: 365 * 24 * 3600 });
  return redirect(safeRedirectPath(form.get("redirectTo"), request), { headers: { "Set-Cookie": cookie } });
}

export const loader = () => redirect("/");
