// Caching, in one place (ADR 036, docs/cache.md). Two caches keep what every viewer gets alike
// for SHARED_RESULTS_TTL_MS / PAGE_CACHE_TTL_MS (3 s): the anonymous page cache
// (server/page-cache.ts, whole pages for visitors without any cookie) and the shared results below
// (a site's search pages, its most recent faces, a profile's nearby and similar cards, for everyone
// else; a member's own part, their like buttons, is read apart; members with a block see results of
// their own).
//
// What empties them: the freshness generation. Every write of this process that a page may show
// moves it (markVisibleWrite), and both caches drop what they kept under an older generation.
// Writes through the ORM mark themselves (the query extension in db.server.ts, by model); raw SQL
// that writes a table a page shows calls markVisibleWrite() itself. Other app processes hear of
// such writes over the live bus (shareVisibleWrites in app/live/bus.server.ts, ADR 044) and move
// their generation; a write from outside the app (psql) shows within the TTL.
import { LRUCache } from "lru-cache";
import { singleton } from "./singleton.ts";

/** Goes up with every write of this process that a page may show; read by both caches. */
const freshness = () => singleton("cacheFreshness", () => ({ generation: 0, onMark: null as (() => void) | null }));

export function cacheGeneration() {
  return freshness().generation;
}

/** Call after a raw SQL write to a table a page shows (ORM writes mark themselves). */
export function markVisibleWrite() {
  freshness().generation++;
  freshness().onMark?.();
}

/** Another process wrote what a page may show: drop what is kept here, and tell nobody. */
export function markOtherProcessWrite() {
  freshness().generation++;
}

/** Hears each markVisibleWrite of this process (the live bus tells the other processes). */
export function onVisibleWrite(listener: (() => void) | null) {
  freshness().onMark = listener;
}

export const SHARED_RESULTS_TTL_MS = 3_000;
/** Entries are one page of cards at most (25 cards, about 25 KB): at most about 25 MB in all,
 * whatever filters a visitor tries, like the page cache's 24 MB. */
const MAX_ENTRIES = 1_000;

interface Kept {
  generation: number;
  value: Promise<unknown>;
}

// one numbering per process (a singleton, as the cache): two copies of this module (the server
// build and the sources, side by side in tests) must not give two sites the same number
const siteIds = () => singleton("sharedResultsSiteIds", () => ({ ids: new WeakMap<object, number>(), last: 0 }));
/** A number per site object: a tenants/ reload makes new site objects, whose results start afresh. */
export function siteObjectId(site: object) {
  const numbering = siteIds();
  let id = numbering.ids.get(site);
  if (id === undefined) numbering.ids.set(site, (id = ++numbering.last));
  return id;
}

const kept = () => singleton("sharedResults", () => new LRUCache<string, Kept>({ max: MAX_ENTRIES, ttl: SHARED_RESULTS_TTL_MS }));

/**
 * `load()`'s result for `key`, shared with every request that asks within the TTL and before the
 * next visible write. The value is shared: callers must not change it.
 */
export function sharedResults<T>(key: string, load: () => Promise<T>): Promise<T> {
  const cache = kept();
  const generation = cacheGeneration();
  const hit = cache.get(key);
  if (hit && hit.generation === generation) return hit.value as Promise<T>;
  const value = load();
  cache.set(key, { generation, value });
  value.catch(() => {
    if (cache.get(key)?.value === value) cache.delete(key);
  });
  return value;
}
