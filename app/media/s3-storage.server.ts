// Photos in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2, …): every instance behind the load
// balancer reads what any of them wrote. Keys are the store's keys under S3_PREFIX. The AWS SDK
// loads on the first call (a start with the disk store never loads it); every call has a deadline
// (S3_TIMEOUT_MS, retries included), so an outage answers 503 instead of holding the request.
import type { Readable } from "node:stream";
import type * as S3 from "@aws-sdk/client-s3";
import type { MediaStoreSettings } from "#app/utils/env.server.ts";
import { lazyRequire } from "#app/utils/lazy-require.server.ts";
import { BaseStorage, MediaStoreUnavailable, type MediaFile, type MediaStorage } from "./media-store.server.ts";

const sdk = lazyRequire<typeof S3>("@aws-sdk/client-s3");

type S3Settings = Extract<MediaStoreSettings, { kind: "s3" }>;

const isMissing = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === "NoSuchKey" || e?.name === "NotFound" || e?.$metadata?.httpStatusCode === 404;
};

export class S3Storage extends BaseStorage implements MediaStorage {
  readonly description: string;
  private client: S3.S3Client | null = null;

  constructor(private readonly settings: S3Settings) {
    super();
    this.description = `s3 ${settings.bucket}/${settings.prefix}`;
  }

  private s3() {
    const { endpoint, region, credentials, forcePathStyle, timeoutMs } = this.settings;
    this.client ??= new (sdk().S3Client)({
      ...(endpoint ? { endpoint } : {}),
      region,
      ...(credentials ? { credentials } : {}),
      forcePathStyle,
      maxAttempts: 2,
      requestHandler: { connectionTimeout: Math.min(1000, timeoutMs), requestTimeout: timeoutMs },
      // checksums only where the API requires them: many S3-compatible stores refuse or ignore the
      // CRC headers the SDK sends by default since 2025
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    });
    return this.client;
  }

  private objectKey(key: string) {
    return `${this.settings.prefix}${key}`;
  }

  /** Sends one command under the deadline, which ends with the answer's headers (a body is read under its own). */
  private async call<T>(what: string, send: (client: S3.S3Client, options: { abortSignal: AbortSignal }) => Promise<T>): Promise<T> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new Error(`no answer within ${this.settings.timeoutMs} ms`)), this.settings.timeoutMs);
    try {
      return await send(this.s3(), { abortSignal: controller.signal });
    } catch (error) {
      if (isMissing(error)) throw error;
      throw new MediaStoreUnavailable(`media store ${this.description}: ${what} failed: ${(error as Error).message}`, { cause: error });
    } finally {
      clearTimeout(timer);
    }
  }

  async put(key: string, body: Buffer, contentType: string) {
    const { PutObjectCommand } = sdk();
    await this.call("put", (s3, o) =>
      s3.send(new PutObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key), Body: body, ContentType: contentType }), o),
    );
  }

  private async getObject(key: string) {
    const { GetObjectCommand } = sdk();
    try {
      return await this.call("get", (s3, o) => s3.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }), o));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async read(key: string) {
    const object = await this.getObject(key);
    if (!object?.Body) return null;
    // the body is read under a deadline of its own: a store that stalls mid-file is an outage too
    const stream = object.Body as Readable;
    const timer = setTimeout(() => stream.destroy(new Error(`body not read within ${this.settings.timeoutMs} ms`)), this.settings.timeoutMs);
    try {
      return Buffer.from(await object.Body.transformToByteArray());
    } catch (error) {
      throw new MediaStoreUnavailable(`media store ${this.description}: reading ${key} failed: ${(error as Error).message}`, { cause: error });
    } finally {
      clearTimeout(timer);
    }
  }

  /** The object as a stream (served without holding it in memory); a missing one from the missing-file source. */
  override async open(key: string): Promise<MediaFile | null> {
    const object = await this.getObject(key);
    if (object?.Body && object.ContentLength !== undefined) return { body: object.Body as Readable, length: object.ContentLength };
    (object?.Body as Readable | undefined)?.destroy();
    if (object) return super.open(key);
    const made = await this.missing(key);
    return made && { body: made, length: made.length };
  }

  async remove(keys: string[]) {
    const { DeleteObjectCommand } = sdk();
    // one request per key: DeleteObjects needs a Content-MD5 that not every compatible store accepts in its CRC form
    await Promise.all(
      keys.map((k) => this.call("remove", (s3, o) => s3.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(k) }), o))),
    );
  }

  async *keys() {
    const { ListObjectsV2Command } = sdk();
    let token: string | undefined;
    do {
      const page = await this.call("list", (s3, o) =>
        s3.send(new ListObjectsV2Command({ Bucket: this.settings.bucket, Prefix: this.settings.prefix || undefined, ContinuationToken: token }), o),
      );
      for (const object of page.Contents ?? []) if (object.Key) yield object.Key.slice(this.settings.prefix.length);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }
}
