// What every media store is: keys in, bytes out, and the one fallback for a key not held yet
// (the demo portraits, drawn when first asked for). The stores: storage.server.ts (disk) and
// s3-storage.server.ts; which one a process uses: getMediaStorage in storage.server.ts.
import type { Readable } from "node:stream";
import { singleton } from "#app/utils/singleton.ts";

/** A file to send: the bytes, or a stream of them (S3) with their length. */
export interface MediaFile {
  body: Buffer | Readable;
  length: number;
}

export interface MediaStorage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The file, or one the missing-file source makes (a demo portrait not drawn yet), or null. */
  get(key: string): Promise<Buffer | null>;
  /** The same as get, as a stream where the store has one. */
  open(key: string): Promise<MediaFile | null>;
  /** The file as stored, without the missing-file source; null when absent. */
  read(key: string): Promise<Buffer | null>;
  remove(keys: string[]): Promise<void>;
  /** Every key the store holds (for the demo drawing and `npm run media:copy`). */
  keys(): AsyncIterable<string>;
  /** For logs and operators: "disk /srv/data/media", "s3 bucket/prefix". */
  readonly description: string;
}

/** Thrown when the store does not answer in time or fails: the photo is answered 503, never a hang. */
export class MediaStoreUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "MediaStoreUnavailable";
  }
}

/** By name, not instanceof: the server's bundle and React Router's each have a copy of this class, and one store. */
export const isMediaStoreUnavailable = (error: unknown) => (error as Error | null)?.name === "MediaStoreUnavailable";

/** Makes a file a store does not hold yet, or null: the demo portraits are drawn when first read. */
export type MissingFileSource = (store: MediaStorage, key: string) => Promise<Buffer | null>;
const missingFiles = () => singleton("missingMediaFiles", () => ({ source: null as MissingFileSource | null }));

/** Where a store turns for a key it does not hold (set by the server and the workers). */
export function setMissingFileSource(source: MissingFileSource | null) {
  missingFiles().source = source;
}

/** get and open on top of a store's raw read, with the missing-file source. */
export abstract class BaseStorage {
  abstract read(key: string): Promise<Buffer | null>;

  async get(key: string): Promise<Buffer | null> {
    return (await this.read(key)) ?? (await this.missing(key));
  }

  /** What the missing-file source makes of a key the store does not hold, or null. */
  protected async missing(key: string): Promise<Buffer | null> {
    return (await missingFiles().source?.(this as unknown as MediaStorage, key)) ?? null;
  }

  async open(key: string): Promise<MediaFile | null> {
    const body = await this.get(key);
    return body && { body, length: body.length };
  }
}
