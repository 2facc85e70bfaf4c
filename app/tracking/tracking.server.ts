// Traffic sources (ADR 017): the tracking parameters (network, ref, sub1-3) of a visitor's
// arrival are stored once per visit, in one row found again by a random token in the visitor's
// cookie, and attached to the account the visitor creates. Loaders read the visit from the
// router context (`visitOf`), never from the cookie alone: a forged cookie is no source.
import { randomBytes } from "node:crypto";
import { parse, serialize } from "cookie";
import { createContext, type RouterContextProvider } from "react-router";
import { getDb } from "#app/utils/db.server.ts";
import { cookieDefaults } from "#app/utils/env.server.ts";
import { singleton } from "#app/utils/singleton.ts";

const TRACKING_PARAMS = ["network", "ref", "sub1", "sub2", "sub3"] as const;
const TRACKING_COOKIE = "rdv_src";
/** A bounce-logging flag in the query: lb=1. */
const BOUNCE_PARAM = "lb";
const MAX_AGE = 30 * 24 * 3600;
/** Longest value kept; a longer one is dropped, not cut (a cut value would be a made-up source). */
const MAX_VALUE_LENGTH = 100;
const TOKEN = /^[A-Za-z0-9_-]{32}$/;

type TrackingValues = Record<(typeof TRACKING_PARAMS)[number], string | null>;
export interface Visit extends TrackingValues {
  id: number;
  bounceLogging: boolean;
}

export const visitContext = singleton("visitContext", () => createContext<Visit | null>(null));

/** The visit of this request (null: none, or a cookie this site never issued). */
export const visitOf = (context: Readonly<RouterContextProvider>) => context.get(visitContext);

/** A visitor has a traffic source when their stored visit carries one. */
export const hasTrafficSource = (context: Readonly<RouterContextProvider>) => {
  const visit = visitOf(context);
  return !!visit && TRACKING_PARAMS.some((p) => visit[p]);
};

/** A value worth keeping: printable, bounded; anything else is dropped. */
function cleanValue(value: string | null): string | null {
  if (!value) return null;
  const v = value.trim();
  if (!v || v.length > MAX_VALUE_LENGTH || /[\u0000-\u001f\u007f\ufffd]/.test(v)) return null;
  return v;
}

function trackingValues(url: URL): TrackingValues | null {
  const values = Object.fromEntries(TRACKING_PARAMS.map((p) => [p, cleanValue(url.searchParams.get(p))])) as TrackingValues;
  return Object.values(values).some(Boolean) ? values : null;
}

const visitSelect = { id: true, network: true, ref: true, sub1: true, sub2: true, sub3: true, bounceLogging: true } as const;

function visitToken(request: Request): string | null {
  const token = parse(request.headers.get("cookie") ?? "")[TRACKING_COOKIE];
  return token && TOKEN.test(token) ? token : null;
}

/**
 * The visit of a document request: the one named by the cookie (on this site), or a new one
 * when the URL carries a source the stored visit does not have. Repeated requests with the same
 * parameters change nothing. Returns the visit and, for a new one, the Set-Cookie.
 */
export async function resolveVisit(request: Request, siteKey: string): Promise<{ visit: Visit | null; cookie: string | null }> {
  const url = new URL(request.url);
  const token = visitToken(request);
  const db = getDb();
  const existing = token ? await db.tracking.findFirst({ where: { token, siteKey }, select: visitSelect }) : null;
  const values = request.method === "GET" ? trackingValues(url) : null;
  const wantsBounces = url.searchParams.get(BOUNCE_PARAM) === "1";
  if (!values || (existing && TRACKING_PARAMS.every((p) => existing[p] === values[p]))) {
    if (existing && wantsBounces && !existing.bounceLogging && request.method === "GET") {
      await db.tracking.update({ where: { id: existing.id }, data: { bounceLogging: true } });
      return { visit: { ...existing, bounceLogging: true }, cookie: null };
    }
    return { visit: existing, cookie: null };
  }
  const newToken = randomBytes(24).toString("base64url");
  const visit = await db.tracking.create({
    data: { siteKey, ...values, token: newToken, bounceLogging: wantsBounces, landing: url.pathname.slice(0, 300) },
    select: visitSelect,
  });
  return { visit, cookie: serialize(TRACKING_COOKIE, newToken, { ...cookieDefaults(), httpOnly: true, maxAge: MAX_AGE }) };
}

/** A page bounce of a visit with bounce logging on (lb=1): counted, once per page view at most. */
export async function recordBounce(visit: Visit | null) {
  if (!visit?.bounceLogging) return false;
  await getDb().tracking.updateMany({ where: { id: visit.id, userId: null }, data: { bounces: { increment: 1 } } });
  return true;
}
