// The signed-in member of this request, loaded once by the root middleware.
import { createContext, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { activityIsStale, recordActivity } from "#app/profiles/activity.server.ts";
import { siteContext } from "#app/tenancy/context.ts";
import { Prisma } from "#app/generated/prisma/client.ts";
import type { Gender, NotificationType, ProfileStatus, UserStatus } from "#app/generated/prisma/enums.ts";
import { liveCountsSql } from "#app/live/chat-state.server.ts";
import { NO_STORE } from "#app/utils/api.server.ts";
import { getDb, readRows } from "#app/utils/db.server.ts";
import { singleton } from "#app/utils/singleton.ts";
import type { Site } from "#app/tenancy/site-schema.ts";
import { readSessionToken, tokenHash } from "./session.server.ts";

const userSelect = {
  id: true,
  email: true,
  status: true,
  credits: true,
  paidUser: true,
  signupDate: true,
  language: true,
  notificationsOff: true,
  notificationsDisabled: true,
  siteKey: true,
  profile: {
    select: {
      id: true,
      name: true,
      status: true,
      country: true,
      mainPhotoId: true,
      seeking: true,
      lastActiveAt: true,
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

interface SessionMemberRow {
  id: number;
  email: string;
  status: UserStatus;
  credits: number;
  paidUser: boolean;
  signupDate: Date;
  language: string | null;
  notificationsOff: NotificationType[];
  notificationsDisabled: string[];
  siteKey: string;
  profileId: number | null;
  profileName: string;
  profileStatus: ProfileStatus;
  country: string;
  mainPhotoId: number | null;
  seeking: Gender | null;
  lastActiveAt: Date;
  pendingPhotos: number;
  dismissed: string[];
  unread: number;
  newLikes: number;
  hasBlocks: boolean;
}

/**
 * The session's member as every page needs it, in one statement: user, profile, dismissed alerts,
 * the top bar's live counts and whether any block involves the member; null unless the cookie
 * names a live session of this site. Fields as `userSelect` gives them, so a CurrentUser.
 */
async function sessionMember(request: Request, site: Site) {
  const token = readSessionToken(request);
  if (!token) return null;
  const viewer = Prisma.raw("p.id");
  const [row] = await readRows<SessionMemberRow>(Prisma.sql`
    SELECT u.id, u.email, u.status::text AS status, u.credits, u.paid_user AS "paidUser", u.signup_date AS "signupDate", u.language,
      COALESCE(u.notifications_off::text[], '{}') AS "notificationsOff", COALESCE(u.notifications_disabled, '{}') AS "notificationsDisabled", u.site_key AS "siteKey",
      p.id AS "profileId", p.name AS "profileName", p.status::text AS "profileStatus", p.country, p.main_photo_id AS "mainPhotoId",
      p.seeking::text AS seeking, p.last_active_at AS "lastActiveAt",
      (SELECT COUNT(*)::int FROM photos ph WHERE ph.profile_id = p.id AND ph.status = 'pending') AS "pendingPhotos",
      ARRAY(SELECT a.alert FROM alert_dismissals a WHERE a.user_id = u.id) AS dismissed,
      ${liveCountsSql(site, viewer)},
      EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = p.id OR b.blocked_id = p.id) AS "hasBlocks"
    FROM sessions s JOIN users u ON u.id = s.user_id LEFT JOIN profiles p ON p.user_id = u.id
    WHERE s.id = ${tokenHash(token)} AND s.site_key = ${site.key} AND s.expires_at >= ${new Date()}`);
  if (!row) return null;
  const { profileId, profileName, profileStatus, country, mainPhotoId, seeking, lastActiveAt, pendingPhotos, dismissed, unread, newLikes, hasBlocks, ...user } =
    row;
  return {
    ...user,
    profile:
      profileId === null
        ? null
        : { id: profileId, name: profileName, status: profileStatus, country, mainPhotoId, seeking, lastActiveAt, _count: { photos: pendingPhotos } },
    alertDismissals: dismissed.map((alert) => ({ alert })),
    /** the top bar's badges when the request began (null without a profile) */
    live: profileId === null ? null : { unread, newLikes },
    /** false: no profile is hidden from this member by a block, nothing to count apart */
    hasBlocks,
  } satisfies CurrentUser & Record<string, unknown>;
}

export type SessionMember = NonNullable<Awaited<ReturnType<typeof sessionMember>>>;

export const userContext = singleton("userContext", () => createContext<SessionMember | null>(null));

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

type MemberWithProfile = SessionMember & { profile: NonNullable<SessionMember["profile"]> };

/** For the JSON API (app/routes/api): without a member, or with "profile" a member who has no
 * profile yet, the request stops with the 403 the browser's API client reads as "logged out"
 * (app/utils/api-client.ts). */
export function requireApiMember(context: Readonly<RouterContextProvider>): SessionMember;
export function requireApiMember(context: Readonly<RouterContextProvider>, need: "profile"): MemberWithProfile;
export function requireApiMember(context: Readonly<RouterContextProvider>, need?: "profile"): SessionMember {
  const user = context.get(userContext);
  if (!user || (need === "profile" && !user.profile)) throw Response.json({ authentication_required: true }, { status: 403, headers: NO_STORE });
  return user;
}
