// Staff sessions: their own cookie (`rdv_staff`, SameSite=Strict, HttpOnly), read only by the
// staff routes: member pages never look at it and a member session never opens a staff page.
// (Not Path=/staff: the browser's data request for the console's index, /staff.data, is outside
// that path and would arrive without it.) The
// database keeps the token's SHA-256; a session ends after 30 minutes without a request or
// 12 hours after login, whichever comes first.
import { parse, serialize } from "cookie";
import { redirect, type RouterContextProvider } from "react-router";
import { newToken, tokenHash } from "#app/auth/session.server.ts";
import type { StaffRole } from "#app/generated/prisma/enums.ts";
import { getDb } from "#app/utils/db.server.ts";
import { cookieDefaults } from "#app/utils/env.server.ts";
import { errorResponse } from "#app/utils/request.server.ts";

const STAFF_COOKIE = "rdv_staff";
export const STAFF_IDLE_MS = 30 * 60 * 1000;
const STAFF_MAX_MS = 12 * 60 * 60 * 1000;
/** lastSeenAt is written at most this often (not on every request) */
const TOUCH_MS = 60 * 1000;

const cookie = (value: string, maxAge: number) => serialize(STAFF_COOKIE, value, { ...cookieDefaults(), sameSite: "strict", httpOnly: true, maxAge });

export async function createStaffSession(staffId: number, meta: { ip?: string; userAgent?: string | null }) {
  const token = newToken();
  const now = Date.now();
  await getDb().staffSession.create({
    data: {
      id: tokenHash(token),
      staffId,
      lastSeenAt: new Date(now),
      expiresAt: new Date(now + STAFF_MAX_MS),
      ip: meta.ip ?? null,
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
    },
  });
  return cookie(token, STAFF_MAX_MS / 1000);
}

const tokenFrom = (cookieHeader: string | null | undefined) => parse(cookieHeader ?? "")[STAFF_COOKIE] ?? null;
const readToken = (request: Request) => tokenFrom(request.headers.get("cookie"));

export interface StaffUser {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
}

/** The staff member of a live session, its inactivity clock restarted; null otherwise. */
export function currentStaff(request: Request, now = new Date()): Promise<StaffUser | null> {
  return staffFromCookieHeader(request.headers.get("cookie"), now);
}

/**
 * The same check from a raw Cookie header, for code outside React Router (the queue dashboard
 * on the express host, server/staff-queues.ts): one implementation of the session rules.
 */
export async function staffFromCookieHeader(cookieHeader: string | null | undefined, now = new Date()): Promise<StaffUser | null> {
  const token = tokenFrom(cookieHeader);
  if (!token) return null;
  const db = getDb();
  const id = tokenHash(token);
  const session = await db.staffSession.findUnique({
    where: { id },
    select: { lastSeenAt: true, expiresAt: true, staff: { select: { id: true, email: true, name: true, role: true, disabled: true } } },
  });
  if (!session) return null;
  if (session.staff.disabled || session.expiresAt <= now || session.lastSeenAt.getTime() + STAFF_IDLE_MS <= now.getTime()) {
    await db.staffSession.deleteMany({ where: { id } });
    return null;
  }
  if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_MS) await db.staffSession.updateMany({ where: { id }, data: { lastSeenAt: now } });
  const { disabled: _, ...staff } = session.staff;
  return staff;
}

/** The staff member of the request: pages without a staff session go to /staff/login, posts get 403. */
async function staffOfRequest(request: Request, context: Readonly<RouterContextProvider>): Promise<StaffUser> {
  const staff = await currentStaff(request);
  if (!staff) {
    if (request.method === "GET" || request.method === "HEAD") {
      const url = new URL(request.url);
      throw redirect(`/staff/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
    }
    throw errorResponse(context, 403, "staff.errors.signInFirst");
  }
  return staff;
}

/** The roles that open the support pages (members, cases, photos, invitations, audit): marketing does not. */
const SUPPORT_ROLES: readonly StaffRole[] = ["support", "admin"];

/**
 * For the support pages: pages send a visitor without a staff session to /staff/login; posts
 * without one, and staff without the role, get 403.
 */
export async function requireStaff(request: Request, context: Readonly<RouterContextProvider>, role?: StaffRole): Promise<StaffUser> {
  const staff = await staffOfRequest(request, context);
  if (role === "admin" && staff.role !== "admin") throw errorResponse(context, 403, "staff.errors.adminOnly");
  if (!SUPPORT_ROLES.includes(staff.role)) throw errorResponse(context, 403, "staff.errors.notPermitted");
  return staff;
}

/** Work beyond the support pages, and the roles that may do it (one place for every route and menu). */
const PERMISSIONS = { offers: ["admin"], campaigns: ["admin", "marketing"], support: SUPPORT_ROLES, fictional: SUPPORT_ROLES } as const satisfies Record<
  string,
  readonly StaffRole[]
>;
type StaffPermission = keyof typeof PERMISSIONS;

export const staffCan = (staff: Pick<StaffUser, "role">, permission: StaffPermission) => (PERMISSIONS[permission] as readonly StaffRole[]).includes(staff.role);

/** The staff session, and the permission: staff without it get 403 (pages and posts alike). */
export async function requireStaffPermission(request: Request, context: Readonly<RouterContextProvider>, permission: StaffPermission): Promise<StaffUser> {
  const staff = await staffOfRequest(request, context);
  if (!staffCan(staff, permission)) throw errorResponse(context, 403, "staff.errors.notPermitted");
  return staff;
}

export async function destroyStaffSession(request: Request) {
  const token = readToken(request);
  if (token) await getDb().staffSession.deleteMany({ where: { id: tokenHash(token) } });
  return cookie("", 0);
}
