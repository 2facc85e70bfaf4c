// The /staff/login form: e-mail, password and the authenticator code in one step.
import type { RouterContextProvider } from "react-router";
import { visitorContext } from "#app/tenancy/context.ts";
import { attemptStaffLogin } from "./accounts.server.ts";
import { audit } from "./audit.server.ts";
import { createStaffSession } from "./session.server.ts";
import { getDb } from "#app/utils/db.server.ts";
import { staffLoginSchema } from "./login-schema.ts";

export type StaffLogIn = { ok: true; setCookie: string } | { ok: false; status: number; message: string; email: string };

export async function staffLogIn(request: Request, context: Readonly<RouterContextProvider>, fields: Record<string, string>): Promise<StaffLogIn> {
  const email = (fields.email ?? "").slice(0, 254);
  const parsed = staffLoginSchema.safeParse(fields);
  if (!parsed.success) return { ok: false, status: 400, message: "staff.login.invalid", email };
  const ip = context.get(visitorContext).ip;
  const result = await attemptStaffLogin(parsed.data.email, parsed.data.password, parsed.data.code, ip);
  if (!result.ok)
    return {
      ok: false,
      status: result.reason === "locked" ? 429 : 401,
      message: result.reason === "locked" ? "staff.login.locked" : "staff.login.failed",
      email,
    };
  const staff = await getDb().staffAccount.findUniqueOrThrow({ where: { id: result.staffId }, select: { id: true, email: true } });
  const setCookie = await createStaffSession(staff.id, { ip, userAgent: request.headers.get("user-agent") });
  await audit(staff, { action: "staff.login", after: { ip } });
  return { ok: true, setCookie };
}
