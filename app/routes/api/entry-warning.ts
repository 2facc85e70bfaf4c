// POST /api/entry-warning: the visitor confirmed the entry warning; remember it for a year.
import { redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/entry-warning";
import { ENTRY_WARNING_COOKIE } from "#app/tenancy/entry-warning.ts";
import { safeRedirectPath } from "#app/utils/redirect.ts";

const form = z.object({ redirectTo: z.string().optional() });

export async function action({ request }: Route.ActionArgs) {
  const { redirectTo } = form.parse(Object.fromEntries(await request.formData()));
  const secure = process.env.NODE_ENV === "production" ? "; Secure" : "";
  const cookie = `${ENTRY_WARNING_COOKIE}=1; Path=/; Max-Age=${365 * 24 * 3600}; SameSite=Lax${secure}`;
  return redirect(safeRedirectPath(redirectTo), { headers: { "Set-Cookie": cookie } });
}

export const loader = () => redirect("/");
