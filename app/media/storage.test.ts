import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseEnv } from "#app/utils/env.server.ts";
import { createMediaStorage, LocalDiskStorage } from "./storage.server.ts";

async function keysOf(store: { keys(): AsyncIterable<string> }) {
  const keys: string[] = [];
  for await (const key of store.keys()) keys.push(key);
  return keys;
}

describe("local media storage", () => {
  const store = new LocalDiskStorage(mkdtempSync(path.join(tmpdir(), "media-")));

  it("stores, reads and removes files by key", async () => {
    await store.put("12/a.jpg", Buffer.from("jpeg bytes"), "image/jpeg");
    expect((await store.get("12/a.jpg"))?.toString()).toBe("jpeg bytes");
    await store.put("chat/7/b.jpg", Buffer.from("more"), "image/jpeg");
    expect((await keysOf(store)).sort()).toEqual(["12/a.jpg", "chat/7/b.jpg"]);
    await store.remove(["12/a.jpg", "12/missing.jpg"]);
    expect(await store.get("12/a.jpg")).toBeNull();
  });

  it("refuses keys that leave the store", async () => {
    await expect(store.put("../escape.jpg", Buffer.from("x"), "image/jpeg")).rejects.toThrow(/escapes/);
  });
});

describe("the media store's configuration", () => {
  const db = { NODE_ENV: "test" as const, DATABASE_URL: "postgresql://x@127.0.0.1/db", APP_SECRET: "s".repeat(32) };
  const s3 = { ...db, S3_BUCKET: "rendezvous-photos", S3_ENDPOINT: "http://127.0.0.1:9000", S3_ACCESS_KEY_ID: "key-id", S3_SECRET_ACCESS_KEY: "secret-key" };

  it("is the disk by default and the bucket once S3_BUCKET is set, with its settings", () => {
    expect(parseEnv(db).media).toEqual({ kind: "disk" });
    expect(createMediaStorage(parseEnv({ ...db, DATA_DIR: "/srv/data" })).description).toBe("disk /srv/data/media");
    const env = parseEnv({ ...s3, S3_FORCE_PATH_STYLE: "true", S3_PREFIX: "site-a/" });
    expect(env.media).toEqual({
      kind: "s3",
      bucket: "rendezvous-photos",
      endpoint: "http://127.0.0.1:9000",
      region: "us-east-1",
      credentials: { accessKeyId: "key-id", secretAccessKey: "secret-key" },
      forcePathStyle: true,
      prefix: "site-a/",
      timeoutMs: 3000,
    });
    expect(createMediaStorage(env).description).toBe("s3 rendezvous-photos/site-a/");
    // MEDIA_STORE=disk keeps the disk even with a bucket named
    expect(parseEnv({ ...s3, MEDIA_STORE: "disk" }).media).toEqual({ kind: "disk" });
  });

  it("refuses what cannot work, naming the variable", () => {
    expect(() => parseEnv({ ...db, MEDIA_STORE: "s3" })).toThrow(/S3_BUCKET: required with MEDIA_STORE=s3/);
    expect(() => parseEnv({ ...db, MEDIA_STORE: "bucket" })).toThrow(/MEDIA_STORE/);
    expect(() => parseEnv({ ...s3, S3_BUCKET: "Photos_Of_Members" })).toThrow(/S3_BUCKET: must be a bucket name/);
    expect(() => parseEnv({ ...s3, S3_ENDPOINT: "minio:9000" })).toThrow(/S3_ENDPOINT/);
    expect(() => parseEnv({ ...s3, S3_SECRET_ACCESS_KEY: undefined })).toThrow(/S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither/);
    expect(() => parseEnv({ ...s3, S3_PREFIX: "no-slash" })).toThrow(/S3_PREFIX/);
    expect(() => parseEnv({ ...s3, S3_FORCE_PATH_STYLE: "maybe" })).toThrow(/S3_FORCE_PATH_STYLE/);
    expect(() => parseEnv({ ...s3, S3_TIMEOUT_MS: "10" })).toThrow(/S3_TIMEOUT_MS/);
  });
});
