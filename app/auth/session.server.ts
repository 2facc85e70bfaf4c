// Server-side sessions: the cookie holds a random token, the database its SHA-256. A session
// belongs to one site; logout, password change and account deletion revoke it.
import { createHash, randomBytes } from "node:crypto";
import { parse, serialize } from "cookie";
import type { Site } from "#app/tenancy/site-schema.ts";
import { getDb } from "#app/utils/db.server.ts";
import { cookieDefaults } from "#app/utils/env.server.ts";

const SESSION_COOKIE = "rdv_session";
const SESSION_MAX_AGE = 30 * 24 * 60 * 60; // spec: auth cookie lifetime 30 days

export const tokenHash = (token: string) => createHash("sha256").update(token).digest("hex");
export const newToken = () => randomBytes(32).toString("base64url");

function sessionCookie(value: string, maxAge: number) {
  return serialize(SESSION_COOKIE, value, {
    ...cookieDefaults(),
    httpOnly: true,
    maxAge,
  });
}

export async function createSession(userId: number, site: Site, meta: { ip?: string; userAgent?: string | null } = {}) {
  const token = newToken();
  await getDb().session.create({
    data: {
      id: tokenHash(token),
      userId,
      siteKey: site.key,
      expiresAt: new Date(Date.now() + SESSION_MAX_AGE * 1000),
      ip: meta.ip ?? null,
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
    },
  });
  return { token, setCookie: sessionCookie(token, SESSION_MAX_AGE) };
}

export const readSessionToken = (request: Request) => parse(request.headers.get("cookie") ?? "")[SESSION_COOKIE] ?? null;

export async function destroySession(request: Request) {
  const token = readSessionToken(request);
  if (token) await getDb().session.deleteMany({ where: { id: tokenHash(token) } });
  return sessionCookie("", 0);
}

/** Ends every session of a user except, optionally, the one making the request. */
export async function revokeSessions(userId: number, keep?: Request) {
  const token = keep ? readSessionToken(keep) : null;
  await getDb().session.deleteMany({ where: { userId, ...(token ? { id: { not: tokenHash(token) } } : {}) } });
}
