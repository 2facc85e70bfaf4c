// Where export zips live: in the media store (disk or bucket, whichever is configured) under
// exports/<random>.zip, named only by the data_exports row, so every instance serves what any
// worker built. Never reachable through /media/ URLs: those grant `.jpg` keys only
// (verifyMediaPath in app/profiles/photo-url.server.ts).
import path from "node:path";
import { Readable } from "node:stream";
import { getMediaStorage } from "#app/media/storage.server.ts";
import { getDb } from "#app/utils/db.server.ts";

/** The store key of a stored name (never outside the prefix, whatever the name holds). */
export const exportKey = (name: string) => `exports/${path.basename(name)}`;

export const putExportFile = (name: string, zip: Buffer) => getMediaStorage().put(exportKey(name), zip, "application/zip");

/** The zip as a web stream, or null when the store does not hold it (any more). */
export async function openExportFile(name: string): Promise<ReadableStream<Uint8Array> | null> {
  const file = await getMediaStorage().open(exportKey(name));
  if (!file) return null;
  const body = file.body instanceof Readable ? file.body : Readable.from([file.body]);
  return Readable.toWeb(body) as ReadableStream<Uint8Array>;
}

export const removeExportObjects = (names: (string | null)[]) => {
  const keys = names.filter((n): n is string => !!n).map(exportKey);
  return keys.length ? getMediaStorage().remove(keys) : Promise.resolve();
};

/** Deletes the zips of a member's exports (erasure); the rows go in the caller's transaction. */
export async function removeExportFiles(userId: number) {
  const rows = await getDb().dataExport.findMany({ where: { userId }, select: { file: true } });
  await removeExportObjects(rows.map((r) => r.file));
}
