// The signed-in member of this request, loaded once by the root middleware.
import { createContext, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { activityIsStale, recordActivity } from "#app/profiles/activity.server.ts";
import { siteContext } from "#app/tenancy/context.ts";
import { getDb } from "#app/utils/db.server.ts";
import { singleton } from "#app/utils/singleton.ts";
import type { Site } from "#app/tenancy/site-schema.ts";
import { readSessionToken, tokenHash } from "./session.server.ts";

const userSelect = {
  id: true, email: true, status: true, credits: true, paidUser: true, signupDate: true, language: true,
  notificationsOff: true, notificationsDisabled: true, siteKey: true,
  profile: {
    select: {
      id: true, name: true, status: true, country: true, mainPhotoId: true, seeking: true, lastActiveAt: true,
      // photos waiting for pre-moderation: the "add a photo" warning would be wrong meanwhile
      _count: { select: { photos: { where: { status: "pending" } } } },
    },
  },
  /** the dismissed alerts, for the banner and the time-bonus popup of every page */
  alertDismissals: { select: { alert: true } },
} as const;

export type CurrentUser = NonNullable<Awaited<ReturnType<typeof loadUser>>>;

export function loadUser(id: number) {
  return getDb().user.findUnique({ where: { id }, select: userSelect });
}

/** The session's member, with profile and dismissed alerts, in one query (a join), when the cookie names a live session of this site. */
async function sessionMember(request: Request, site: Site) {
  const token = readSessionToken(request);
  if (!token) return null;
  const session = await getDb().session.findUnique({ where: { id: tokenHash(token) }, select: { siteKey: true, expiresAt: true, user: { select: userSelect } } });
  if (!session || session.siteKey !== site.key || session.expiresAt < new Date()) return null;
  return session.user;
}

export const userContext = singleton("userContext", () => createContext<CurrentUser | null>(null));

export const userMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const user = await sessionMember(request, context.get(siteContext));
  // a session of an account that was deleted or banned meanwhile counts as none
  const member = user && user.status !== "deleted" && user.status !== "pending_deletion" && user.status !== "banned" ? user : null;
  context.set(userContext, member);
  // the member is active now: search order and online badge (throttled, usually no write)
  if (member?.profile && activityIsStale(member.profile.lastActiveAt)) await recordActivity(member.id);
  return next();
};

export const getUser = (context: Readonly<RouterContextProvider>) => context.get(userContext);

/** For pages: a visitor is sent to the login page and comes back afterwards. */
export function requireUser(context: Readonly<RouterContextProvider>, request: Request) {
  const user = context.get(userContext);
  if (!user) {
    const url = new URL(request.url);
    throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  }
  return user;
}
