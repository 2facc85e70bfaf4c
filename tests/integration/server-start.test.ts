// `npm start` refuses a broken tenants/ file with a message naming the file and the field.
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

describe("server start", () => {
  it("stops on an invalid site file, naming the file and the field", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "tenants-"));
    cpSync("tenants", dir, { recursive: true });
    const mature = JSON.parse(readFileSync(path.join(dir, "mature.json"), "utf8"));
    writeFileSync(path.join(dir, "mature.json"), JSON.stringify({ ...mature, support_email: "not-an-address" }));
    const run = spawnSync(process.execPath, ["--import", "tsx", "server/main.ts"], {
      env: { ...process.env, TENANTS_DIR: dir, PORT: "0" },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("Invalid site configuration");
    expect(run.stderr).toMatch(/mature\.json: support_email: /);
  });
});
