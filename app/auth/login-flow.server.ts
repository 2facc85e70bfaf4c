// The login used by the form and by POST /api/user.php: validate, attempt, start a session.
import type { RouterContextProvider } from "react-router";
import { attemptLogin } from "./login.server.ts";
import { sendReactivationMail } from "#app/accounts/account.server.ts";
import { requestInfo } from "./request-info.server.ts";
import { createSession } from "./session.server.ts";
import { loginSchema } from "./validation.ts";
import { getDb } from "#app/utils/db.server.ts";
import { minutesOf } from "#app/limits/rate-limits.server.ts";

export type LoginOutcome =
  | { ok: true; userId: number; setCookie: string }
  | { ok: false; status: number; reason: string; message: string; params?: Record<string, unknown>; retryAfterMs?: number };

export async function logIn(request: Request, context: Readonly<RouterContextProvider>, form: Record<string, unknown>): Promise<LoginOutcome> {
  const { site, visitor, locale, origin } = requestInfo(request, context);
  const parsed = loginSchema.safeParse(form);
  if (!parsed.success) return { ok: false, status: 400, reason: "failed", message: "messages.loginFailed" };
  const result = await attemptLogin(site, parsed.data.email, parsed.data.password, visitor.ip);
  if (result.ok) {
    const session = await createSession(result.userId, site, { ip: visitor.ip, userAgent: request.headers.get("user-agent") });
    return { ok: true, userId: result.userId, setCookie: session.setCookie };
  }
  if (result.reason === "blocked") {
    return {
      ok: false,
      status: 429,
      reason: "blocked",
      message: "messages.tooManyAttempts",
      params: { minutes: minutesOf(result.retryAfterMs) },
      retryAfterMs: result.retryAfterMs,
    };
  }
  if (result.reason === "pending_deletion") {
    if (form.intent === "reactivation-mail") {
      const user = await getDb().user.findUniqueOrThrow({ where: { id: result.userId }, select: { email: true, profile: { select: { name: true } } } });
      await sendReactivationMail(site, result.userId, user.email, user.profile?.name ?? user.email, locale, origin);
      return { ok: false, status: 403, reason: "pending_deletion_mailed", message: "login.reactivationSent" };
    }
    return { ok: false, status: 403, reason: "pending_deletion", message: "messages.pendingDeletion" };
  }
  return { ok: false, status: 401, reason: "failed", message: "messages.loginFailed" };
}
