// Where photo files live. Callers speak keys ("123/abc.jpg"); the store decides the medium.
// Local disk under DATA_DIR/media is the default (served at /media, or behind the site's
// cdn_prefix); an S3-compatible store implements the same three methods.
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { getEnv } from "#app/utils/env.server.ts";
import { singleton } from "#app/utils/singleton.ts";

export interface MediaStorage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  remove(keys: string[]): Promise<void>;
}

/** Makes a file of a store's folder that is not on disk yet, or null: the demo portraits are drawn when first read. */
export type MissingFileSource = (root: string, key: string) => Promise<Buffer | null>;
const missingFiles = () => singleton("missingMediaFiles", () => ({ source: null as MissingFileSource | null }));

/** Where the local store turns for a key it does not hold (set by the server and the workers). */
export function setMissingFileSource(source: MissingFileSource | null) {
  missingFiles().source = source;
}

export class LocalDiskStorage implements MediaStorage {
  constructor(private readonly root: string) {}

  private file(key: string) {
    const file = path.resolve(this.root, key);
    if (!file.startsWith(path.resolve(this.root) + path.sep)) throw new Error(`media key escapes the store: ${key}`);
    return file;
  }

  async put(key: string, body: Buffer, _contentType?: string) {
    await mkdir(path.dirname(this.file(key)), { recursive: true });
    await writeFile(this.file(key), body);
  }

  async get(key: string) {
    return readFile(this.file(key)).catch(() => missingFiles().source?.(this.root, key) ?? null);
  }

  async remove(keys: string[]) {
    await Promise.all(keys.map((k) => rm(this.file(k), { force: true })));
  }
}

const mediaRoot = () => path.join(getEnv().dataDir, "media");

/** The process's store; a deployment with object storage swaps the implementation here. */
export const getMediaStorage = (): MediaStorage => singleton("mediaStorage", () => new LocalDiskStorage(mediaRoot()));
