// Traffic sources: the tracking query parameters (network, ref, sub1-3) of a visitor's
// arrival are stored and later attached to the account they create.
import { parse, serialize } from "cookie";
import { getDb } from "#app/utils/db.server.ts";
import { cookieDefaults } from "#app/utils/env.server.ts";

export const TRACKING_PARAMS = ["network", "ref", "sub1", "sub2", "sub3"] as const;
export const TRACKING_COOKIE = "rdv_src";
const MAX_AGE = 30 * 24 * 3600;

/** Stores the arrival's tracking record when the URL carries tracking parameters; returns a Set-Cookie. */
export async function recordArrival(request: Request, siteKey: string): Promise<string | null> {
  const url = new URL(request.url);
  const values = Object.fromEntries(TRACKING_PARAMS.map((p) => [p, url.searchParams.get(p)?.slice(0, 100) || null]));
  if (!Object.values(values).some(Boolean)) return null;
  const row = await getDb().tracking.create({ data: { siteKey, ...values, landing: url.pathname.slice(0, 300) } });
  return serialize(TRACKING_COOKIE, String(row.id), { ...cookieDefaults(), httpOnly: true, maxAge: MAX_AGE });
}

export function trackingId(request: Request): number | null {
  const id = Number(parse(request.headers.get("cookie") ?? "")[TRACKING_COOKIE]);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** A visitor has a traffic source when this request or an earlier one carried tracking parameters. */
export function hasTrafficSource(request: Request) {
  const url = new URL(request.url);
  return trackingId(request) !== null || TRACKING_PARAMS.some((p) => url.searchParams.get(p));
}
