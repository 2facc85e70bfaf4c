import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LocalDiskStorage } from "./storage.server.ts";

describe("local media storage", () => {
  const store = new LocalDiskStorage(mkdtempSync(path.join(tmpdir(), "media-")));

  it("stores, reads and removes files by key", async () => {
    await store.put("12/a.jpg", Buffer.from("jpeg bytes"), "image/jpeg");
    expect((await store.get("12/a.jpg"))?.toString()).toBe("jpeg bytes");
    await store.remove(["12/a.jpg", "12/missing.jpg"]);
    expect(await store.get("12/a.jpg")).toBeNull();
  });

  it("refuses keys that leave the store", async () => {
    await expect(store.put("../escape.jpg", Buffer.from("x"), "image/jpeg")).rejects.toThrow(/escapes/);
  });
});
