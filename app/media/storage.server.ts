// Where photo files live. Callers speak keys ("123/abc.jpg"); the store decides the medium:
// the local disk under DATA_DIR/media (the default, one machine), or an S3-compatible bucket
// (MEDIA_STORE=s3 or S3_BUCKET: every instance sees every photo; s3-storage.server.ts).
// Either is served at /media through signed URLs (serve.server.ts), or behind the site's cdn_prefix.
import { randomUUID } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { getEnv, type Env } from "#app/utils/env.server.ts";
import { singleton } from "#app/utils/singleton.ts";
import { getLogger } from "#app/utils/logger.server.ts";
import { BaseStorage, isMediaStoreUnavailable, type MediaStorage } from "./media-store.server.ts";
import { S3Storage } from "./s3-storage.server.ts";

export { setMissingFileSource, isMediaStoreUnavailable, type MediaStorage } from "./media-store.server.ts";

export class LocalDiskStorage extends BaseStorage implements MediaStorage {
  readonly description: string;

  constructor(private readonly root: string) {
    super();
    this.description = `disk ${root}`;
  }

  private file(key: string) {
    const file = path.resolve(this.root, key);
    if (!file.startsWith(path.resolve(this.root) + path.sep)) throw new Error(`media key escapes the store: ${key}`);
    return file;
  }

  /** Written whole or not at all: two processes drawing the same portrait, a reader meanwhile. */
  async put(key: string, body: Buffer, _contentType?: string) {
    const file = this.file(key);
    await mkdir(path.dirname(file), { recursive: true });
    const temporary = `${file}.${randomUUID()}.part`;
    await writeFile(temporary, body);
    await rename(temporary, file);
  }

  async read(key: string) {
    return readFile(this.file(key)).catch(() => null);
  }

  async remove(keys: string[]) {
    await Promise.all(keys.map((k) => rm(this.file(k), { force: true })));
  }

  async *keys() {
    const entries = await readdir(this.root, { recursive: true, withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      if (!entry.isFile() || entry.name.endsWith(".part")) continue;
      yield path.relative(this.root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/");
    }
  }
}

/** The store a configuration names (app/utils/env.server.ts `media`). */
export function createMediaStorage(env: Pick<Env, "dataDir" | "media">): MediaStorage {
  return env.media.kind === "s3" ? new S3Storage(env.media) : new LocalDiskStorage(path.join(env.dataDir, "media"));
}

/** The process's store, made again when the configuration is read again (tests' useEnv). */
export function getMediaStorage(): MediaStorage {
  const env = getEnv();
  const kept = singleton("mediaStorage", () => ({ env: null as Env | null, store: null as MediaStorage | null }));
  if (kept.env !== env || !kept.store) {
    kept.env = env;
    kept.store = createMediaStorage(env);
  }
  return kept.store;
}

/**
 * Removes files whose rows are gone already: a store that fails then leaves them behind, named in
 * the log for the operator (the member's deletion stands; their URLs stop being issued).
 */
export async function removeMediaFiles(keys: string[]) {
  try {
    await getMediaStorage().remove(keys);
  } catch (error) {
    if (!isMediaStoreUnavailable(error)) throw error;
    getLogger().error({ err: error, keys }, "media files left in the store: remove them when it answers again");
  }
}
