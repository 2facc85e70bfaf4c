// POST /staff/logout: ends the staff session (GET goes back to the console).
import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { audit } from "#app/staff/audit.server.ts";
import { currentStaff, destroyStaffSession } from "#app/staff/session.server.ts";

export async function action({ request }: Route.ActionArgs) {
  const staff = await currentStaff(request);
  if (staff) await audit(staff, { action: "staff.logout" });
  return redirect("/staff/login", { headers: { "Set-Cookie": await destroyStaffSession(request) } });
}

export const loader = () => redirect("/staff");
