// Caching, in one place (ADR 036, docs/cache.md). Two caches keep what every viewer gets alike
// for SHARED_RESULTS_TTL_MS / PAGE_CACHE_TTL_MS (3 s): the anonymous page cache
// (server/page-cache.ts, whole pages for visitors without any cookie) and the shared results below
// (a site's search pages, its most recent faces, a profile's nearby and similar cards, for everyone
// else; a member's own part, their like buttons, is read apart; members with a block see results of
// their own).
//
// What empties them: the freshness generations, one per site (ADR 048). A write that a page may
// show moves the generation of the site it belongs to (markVisibleWrite(sites)), or of every site
// when its site cannot be known; a cache reads the generation of the sites its entry shows
// (cacheGeneration(scope): a site's own and, for a site that resells members, those of its
// network's pool) and drops what it kept under an older one. Writes through the ORM mark
// themselves (the query extension in db.server.ts, by model, site and rows changed); raw SQL that
// writes a table a page shows calls markVisibleWrite() itself. Other app processes hear of such
// writes, with their sites, over the live bus (shareVisibleWrites in app/live/bus.server.ts, ADR
// 044) and move the same generations; a write from outside the app (psql) shows within the TTL.
import { AsyncLocalStorage } from "node:async_hooks";
import { LRUCache } from "lru-cache";
import { singleton } from "./singleton.ts";

/** The sites of one write, or null: every site. */
export type WriteSites = readonly string[] | null;

// One counter ticks with every mark; a site's generation is the tick of the last mark that
// concerned it (or every site), so it only ever grows and two sites never wait on each other.
const freshness = () =>
  singleton("cacheFreshness", () => ({ tick: 0, everySite: 0, bySite: new Map<string, number>(), onMark: null as ((sites: WriteSites) => void) | null }));

/** The generation of what a cache entry shows: the sites in `scope` (absent: any site's write counts). */
export function cacheGeneration(scope?: readonly string[]) {
  const f = freshness();
  if (!scope) return f.tick;
  let generation = f.everySite;
  for (const site of scope) generation = Math.max(generation, f.bySite.get(site) ?? 0);
  return generation;
}

function move(sites: WriteSites) {
  const f = freshness();
  f.tick++;
  if (!sites) f.everySite = f.tick;
  else for (const site of sites) f.bySite.set(site, f.tick);
}

/** Call after a raw SQL write to a table a page shows (ORM writes mark themselves); no sites: every site. */
export function markVisibleWrite(sites: string | WriteSites = writeSite()) {
  const scope = typeof sites === "string" ? [sites] : sites;
  move(scope);
  freshness().onMark?.(scope);
}

/** Another process wrote what a page of these sites may show: drop what is kept here for them, and tell nobody. */
export function markOtherProcessWrite(sites: WriteSites = null) {
  move(sites);
}

/** Hears each markVisibleWrite of this process, with its sites (the live bus tells the other processes). */
export function onVisibleWrite(listener: ((sites: WriteSites) => void) | null) {
  freshness().onMark = listener;
}

// The site a request serves, for writes that name none (a message, a like): the host sets it for
// a member's request (server/app.ts). A request can only write what its own site's pages, or
// those of the sites sharing its member pool, show; those read its generation.
const requestSite = singleton("cacheRequestSite", () => new AsyncLocalStorage<string>());

/** Runs `work` with its writes counted against `siteKey` unless they name their own site. */
export const withWriteSite = <T>(siteKey: string, work: () => T): T => requestSite.run(siteKey, work);

/** The site of the request under way, or null (a job, a script, the staff console): every site. */
export function writeSite(): WriteSites {
  const site = requestSite.getStore();
  return site ? [site] : null;
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
 * next visible write on a site of `scope` (the sites whose rows the result shows: a site's
 * poolSiteKeys). The value is shared: callers must not change it.
 */
export function sharedResults<T>(scope: readonly string[], key: string, load: () => Promise<T>): Promise<T> {
  const cache = kept();
  const generation = cacheGeneration(scope);
  const hit = cache.get(key);
  if (hit && hit.generation === generation) return hit.value as Promise<T>;
  const value = load();
  cache.set(key, { generation, value });
  value.catch(() => {
    if (cache.get(key)?.value === value) cache.delete(key);
  });
  return value;
}
