// npm run media:copy: moves photo files between a folder on disk and the configured media store,
// for the move from the local disk to a bucket (MEDIA_STORE=s3), or a copy of the bucket back to a
// folder (a backup, or the way back). Keys are the files' paths under the folder; a key the target
// holds already is left alone unless --overwrite. Safe to run again: it copies what is missing.
import path from "node:path";
import { createMediaStorage, LocalDiskStorage, type MediaStorage } from "#app/media/storage.server.ts";
import { getEnv } from "#app/utils/env.server.ts";
import { parseCommandLine, runOperatorScript, UsageError } from "./operator.ts";

const usage = `
Usage: npm run media:copy -- [--from DIR | --to DIR] [--overwrite] [--dry-run]

Copies photo files between a folder and the media store this environment configures
(MEDIA_STORE, S3_*; docs/configuration.md). Keys are paths under the folder, as in
DATA_DIR/media: "123/4f…e1.jpg", "123/4f…e1_thumb.jpg", "chat/…", "demo-photos-pending.json".

  --from DIR    copy DIR's files into the store (default DIR: DATA_DIR/media)
  --to DIR      copy the store's objects into DIR
  --overwrite   also copy keys the target holds already
  --dry-run     only count what would be copied
  --help        this text
`;

const CONCURRENCY = 8;
const contentType = (key: string) => (key.endsWith(".json") ? "application/json" : key.endsWith(".zip") ? "application/zip" : "image/jpeg");

async function copy(source: MediaStorage, target: MediaStorage, { overwrite, dryRun }: { overwrite: boolean; dryRun: boolean }) {
  const held = new Set<string>();
  if (!overwrite) for await (const key of target.keys()) held.add(key);
  const keys: string[] = [];
  let skipped = 0;
  for await (const key of source.keys()) {
    if (held.has(key)) skipped++;
    else keys.push(key);
  }
  let bytes = 0;
  let next = 0;
  const worker = async () => {
    while (next < keys.length) {
      const key = keys[next++]!;
      const body = await source.read(key);
      if (!body) continue; // removed meanwhile
      bytes += body.length;
      if (!dryRun) await target.put(key, body, contentType(key));
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return { copied: keys.length, skipped, bytes };
}

await runOperatorScript("media:copy", async () => {
  const { values } = parseCommandLine({
    usage,
    options: { from: { type: "string" }, to: { type: "string" }, overwrite: { type: "boolean" }, "dry-run": { type: "boolean" } },
  });
  if (values.from && values.to) throw new UsageError("give --from or --to, not both");
  const env = getEnv();
  const store = createMediaStorage(env);
  const folder = new LocalDiskStorage(path.resolve(values.to ?? values.from ?? path.join(env.dataDir, "media")));
  if (env.media.kind === "disk") throw new UsageError("the configured media store is the disk: set MEDIA_STORE=s3 and the S3_* variables");
  const [source, target] = values.to ? [store, folder] : [folder, store];
  const started = performance.now();
  const { copied, skipped, bytes } = await copy(source, target, { overwrite: values.overwrite ?? false, dryRun: values["dry-run"] ?? false });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `${values["dry-run"] ? "would copy" : "copied"} ${copied} files (${(bytes / 1e6).toFixed(1)} MB) from ${source.description} to ${target.description} in ${seconds} s; ${skipped} already there`,
  );
});
