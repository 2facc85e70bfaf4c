// Results every viewer gets alike (a site's search pages, its most recent faces, a profile's
// nearby and similar cards) are kept for a few seconds and shared, under the rules of the
// anonymous page cache (ADR 026): any write of this process that a page may show (visibleWrites)
// drops them at once, writes of other server processes show within SHARED_RESULTS_TTL_MS.
// The page cache serves only visitors without any cookie and query; this serves everyone else:
// visitors who confirmed the 18+ warning, chose a language or searched, and members. A member's
// own part (their like buttons) is read apart; members with a block see results of their own.
import { LRUCache } from "lru-cache";
import { visibleWrites } from "./db.server.ts";
import { singleton } from "./singleton.ts";

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
  const generation = visibleWrites.generation;
  const hit = cache.get(key);
  if (hit && hit.generation === generation) return hit.value as Promise<T>;
  const value = load();
  cache.set(key, { generation, value });
  value.catch(() => {
    if (cache.get(key)?.value === value) cache.delete(key);
  });
  return value;
}
