// The demo portraits' files, drawn after the seed: the seed writes every photo row at once and a
// list of the portraits still to draw into the media folder. A file asked for before it is drawn
// is drawn then (the media store calls drawListedPortrait on a miss); the rest are drawn in the
// background, main photos' thumbnails first, and the list goes once all are in. The list lives
// beside the files, so any process of the machine can draw from it and a server stopped midway
// finishes on its next start.
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { PortraitSpec } from "./demo-profiles.ts";
import { renderPortraitVariant, type PortraitVariantName } from "./photos.ts";

export const PENDING_PORTRAITS_FILE = "demo-photos-pending.json";

export interface PendingPortrait {
  filename: string;
  thumbFilename: string;
  portrait: PortraitSpec;
}

const listFile = (mediaDir: string) => path.join(mediaDir, PENDING_PORTRAITS_FILE);

export async function writePendingPortraits(mediaDir: string, portraits: PendingPortrait[]) {
  if (!portraits.length) return;
  await mkdir(mediaDir, { recursive: true });
  await writeFile(listFile(mediaDir), JSON.stringify(portraits));
}

/** The list, read again only when the file changed; null when there is none. */
let cached: { mediaDir: string; mtimeMs: number; byKey: Map<string, { portrait: PortraitSpec; variant: PortraitVariantName }> } | null = null;

async function listedKeys(mediaDir: string) {
  const info = await stat(listFile(mediaDir)).catch(() => null);
  if (!info) return null;
  if (cached?.mediaDir === mediaDir && cached.mtimeMs === info.mtimeMs) return cached.byKey;
  const portraits = JSON.parse(await readFile(listFile(mediaDir), "utf8")) as PendingPortrait[];
  const byKey = new Map<string, { portrait: PortraitSpec; variant: PortraitVariantName }>();
  for (const p of portraits) {
    byKey.set(p.filename, { portrait: p.portrait, variant: "full" });
    byKey.set(p.thumbFilename, { portrait: p.portrait, variant: "thumb" });
  }
  cached = { mediaDir, mtimeMs: info.mtimeMs, byKey };
  return byKey;
}

// one drawing per file at a time in this process: a page of cards asks for each thumbnail once
const drawing = new Map<string, Promise<Buffer>>();

/** Draws and writes one listed file; the same file from two processes is written whole by either. */
function drawFile(mediaDir: string, key: string, portrait: PortraitSpec, variant: PortraitVariantName) {
  let work = drawing.get(key);
  if (!work) {
    work = (async () => {
      const body = await renderPortraitVariant(portrait, variant);
      const file = path.join(mediaDir, key);
      await mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${randomUUID()}.part`;
      await writeFile(temporary, body);
      await rename(temporary, file);
      return body;
    })().finally(() => drawing.delete(key));
    drawing.set(key, work);
  }
  return work;
}

/** A listed portrait file not drawn yet, drawn now; null for a key the list does not name. */
export async function drawListedPortrait(mediaDir: string, key: string): Promise<Buffer | null> {
  const listed = (await listedKeys(mediaDir))?.get(key);
  if (!listed) return null;
  // drawn meanwhile by the background drawing or another process
  const existing = await readFile(path.join(mediaDir, key)).catch(() => null);
  return existing ?? drawFile(mediaDir, key, listed.portrait, listed.variant);
}

/**
 * Draws every listed file not drawn yet, `concurrency` at a time (by default one per core, so
 * requests keep a share of the machine), thumbnails of the main photos first; then removes the
 * list. Settles with how many files it drew.
 */
export async function drawPendingPortraits(mediaDir: string, { concurrency = os.availableParallelism() } = {}): Promise<number> {
  let portraits: PendingPortrait[];
  try {
    portraits = JSON.parse(await readFile(listFile(mediaDir), "utf8")) as PendingPortrait[];
  } catch {
    return 0; // no list: nothing left to draw
  }
  // the list holds the main photos first: their thumbnails are what the first pages show
  const files = [
    ...portraits.map((p) => ({ key: p.thumbFilename, portrait: p.portrait, variant: "thumb" as const })),
    ...portraits.map((p) => ({ key: p.filename, portrait: p.portrait, variant: "full" as const })),
  ].filter((f) => !existsSync(path.join(mediaDir, f.key)));
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const f = files[next++]!;
      await drawFile(mediaDir, f.key, f.portrait, f.variant);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, files.length)) }, worker));
  await rm(listFile(mediaDir), { force: true });
  return files.length;
}
