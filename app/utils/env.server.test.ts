// The VAPID keys of web push: from the environment in production, generated once into DATA_DIR
// for the embedded default and read back on the next start.
import { mkdtempSync, readFileSync, chmodSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import webPush from "web-push";
import { describe, expect, it } from "vitest";
import { parseEnv } from "./env.server.ts";

const base = { NODE_ENV: "test" as const };

describe("VAPID keys", () => {
  it("are generated into DATA_DIR without DATABASE_URL and kept across starts", () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "vapid-"));
    chmodSync(dataDir, 0o755);
    const first = parseEnv({ ...base, DATA_DIR: dataDir });
    expect(first.vapid?.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(first.vapid?.privateKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(JSON.parse(readFileSync(path.join(dataDir, "vapid.json"), "utf8")).publicKey).toBe(first.vapid!.publicKey);
    expect(parseEnv({ ...base, DATA_DIR: dataDir }).vapid).toEqual(first.vapid);
  });

  it("come from the environment with a database, and push is off without them", () => {
    const keys = webPush.generateVAPIDKeys();
    const db = { ...base, DATABASE_URL: "postgresql://x@127.0.0.1/db", APP_SECRET: "s".repeat(32) };
    expect(parseEnv(db).vapid).toBeNull();
    const env = parseEnv({ ...db, VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey, VAPID_SUBJECT: "mailto:ops@example.test" });
    expect(env.vapid).toEqual({ ...keys, subject: "mailto:ops@example.test" });
  });

  it("refuses half a pair or a malformed key, naming the variable", () => {
    const db = { ...base, DATABASE_URL: "postgresql://x@127.0.0.1/db", APP_SECRET: "s".repeat(32) };
    expect(() => parseEnv({ ...db, VAPID_PUBLIC_KEY: webPush.generateVAPIDKeys().publicKey })).toThrow(/VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY/);
    expect(() => parseEnv({ ...db, VAPID_PUBLIC_KEY: "short", VAPID_PRIVATE_KEY: "x" })).toThrow(/VAPID_PUBLIC_KEY/);
  });
});
