// The demo portraits' files, drawn after the seed: the seed writes every photo row at once and a
// list of the portraits still to draw into the media store. A file asked for before it is drawn
// is drawn then (the media store calls drawListedPortrait on a miss); the rest are drawn in the
// background, main photos' thumbnails first, and the list goes once all are in. The list lives
// in the store beside the files (a file on disk, an object in the bucket), so any process that
// uses the store can draw from it and a server stopped midway finishes on its next start.
import os from "node:os";
import type { MediaStorage } from "#app/media/media-store.server.ts";
import type { PortraitSpec } from "./demo-profiles.ts";
import { renderPortraitVariant, type PortraitVariantName } from "./photos.ts";

export const PENDING_PORTRAITS_FILE = "demo-photos-pending.json";

export interface PendingPortrait {
  filename: string;
  thumbFilename: string;
  portrait: PortraitSpec;
}

export async function writePendingPortraits(store: MediaStorage, portraits: PendingPortrait[]) {
  if (!portraits.length) return;
  await store.put(PENDING_PORTRAITS_FILE, Buffer.from(JSON.stringify(portraits)), "application/json");
  listed.delete(store);
}

async function readList(store: MediaStorage): Promise<PendingPortrait[] | null> {
  const body = await store.read(PENDING_PORTRAITS_FILE);
  return body && (JSON.parse(body.toString("utf8")) as PendingPortrait[]);
}

// The list by key, kept for a few seconds: a page of cards missing its thumbnails reads it once,
// not once per card. "No list" is not kept: a list another process writes counts at once.
const LIST_FOR_MS = 5000;
type ListedKeys = Map<string, { portrait: PortraitSpec; variant: PortraitVariantName }>;
const listed = new Map<MediaStorage, { at: number; byKey: Promise<ListedKeys | null> }>();

function listedKeys(store: MediaStorage) {
  const kept = listed.get(store);
  if (kept && Date.now() - kept.at < LIST_FOR_MS) return kept.byKey;
  const byKey = readList(store).then((portraits) => {
    if (!portraits) {
      listed.delete(store);
      return null;
    }
    const keys: ListedKeys = new Map();
    for (const p of portraits) {
      keys.set(p.filename, { portrait: p.portrait, variant: "full" });
      keys.set(p.thumbFilename, { portrait: p.portrait, variant: "thumb" });
    }
    return keys;
  });
  byKey.catch(() => listed.delete(store));
  listed.set(store, { at: Date.now(), byKey });
  return byKey;
}

// one drawing per file at a time in this process: a page of cards asks for each thumbnail once
const drawing = new Map<string, Promise<Buffer>>();

/** Draws and stores one listed file; the same file from two processes is written whole by either. */
function drawFile(store: MediaStorage, key: string, portrait: PortraitSpec, variant: PortraitVariantName) {
  let work = drawing.get(key);
  if (!work) {
    work = (async () => {
      const body = await renderPortraitVariant(portrait, variant);
      await store.put(key, body, "image/jpeg");
      return body;
    })().finally(() => drawing.delete(key));
    drawing.set(key, work);
  }
  return work;
}

/** A listed portrait file not drawn yet, drawn now into the store; null for a key the list does not name. */
export async function drawListedPortrait(store: MediaStorage, key: string): Promise<Buffer | null> {
  if (key === PENDING_PORTRAITS_FILE) return null;
  const entry = (await listedKeys(store))?.get(key);
  if (!entry) return null;
  // drawn meanwhile by the background drawing or another process
  const existing = await store.read(key);
  return existing ?? drawFile(store, key, entry.portrait, entry.variant);
}

/**
 * Draws every listed file the store does not hold yet, `concurrency` at a time (by default one
 * per core, so requests keep a share of the machine), thumbnails of the main photos first; then
 * removes the list. Settles with how many files it drew.
 */
export async function drawPendingPortraits(store: MediaStorage, { concurrency = os.availableParallelism() } = {}): Promise<number> {
  let portraits: PendingPortrait[] | null;
  try {
    portraits = await readList(store);
  } catch (error) {
    if (error instanceof SyntaxError) return 0; // a list cut short: nothing we can draw from
    throw error;
  }
  if (!portraits) return 0; // no list: nothing left to draw
  const held = new Set<string>();
  for await (const key of store.keys()) held.add(key);
  // the list holds the main photos first: their thumbnails are what the first pages show
  const files = [
    ...portraits.map((p) => ({ key: p.thumbFilename, portrait: p.portrait, variant: "thumb" as const })),
    ...portraits.map((p) => ({ key: p.filename, portrait: p.portrait, variant: "full" as const })),
  ].filter((f) => !held.has(f.key));
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const f = files[next++]!;
      await drawFile(store, f.key, f.portrait, f.variant);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, files.length)) }, worker));
  await store.remove([PENDING_PORTRAITS_FILE]);
  listed.delete(store);
  return files.length;
}
