// The browser suite: the production build served by server/main.ts on an embedded PostgreSQL
// (fresh under .data/e2e), exactly as `npm start` runs it, driven in Debian's Chromium.
import { rmSync } from "node:fs";
import { defineConfig } from "@playwright/test";

export const PORT = Number(process.env.E2E_PORT ?? 3210);
/** opens /ops (the traffic report) in the browser suite */
export const OPS_TOKEN = process.env.OPS_TOKEN ?? "e2e-ops-token-0123456789";
const dataDir = ".data/e2e";
const freshData = !process.env.PLAYWRIGHT_KEEP_DATA;
// only when Playwright runs the suite: knip also loads this file, and must not delete a running suite's database
const runByPlaywright = /playwright/.test(process.argv[1] ?? "");
if (freshData && runByPlaywright && !process.env.TEST_WORKER_INDEX) rmSync(dataDir, { recursive: true, force: true });

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "**/*.spec.ts",
  timeout: 60_000,
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL: `http://lovely.localhost:${PORT}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
    trace: "retain-on-failure",
  },
  webServer: {
    command: "node build/server/main.js",
    url: `http://127.0.0.1:${PORT}/healthz`,
    // On fresh data the server answers before the demo portraits are drawn (with sharp,
    // in-process, about twenty seconds of both cores). The tests start once that line is
    // printed: the first specs timed out under that load in CI.
    ...(freshData ? { wait: { stdout: /drew \d+ demo portraits in the background/ } } : {}),
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "pipe",
    env: {
      NODE_ENV: "production",
      PORT: String(PORT),
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: process.env.E2E_PG_PORT ?? "54332",
      DATABASE_URL: "",
      REDIS_URL: "",
      SMTP_URL: "",
      SEED_DEMO: "1",
      WORKER_IN_PROCESS: "1",
      LOG_LEVEL: "warn",
      OPS_TOKEN,
      // every spec signs up from 127.0.0.1; the limit itself is tested in tests/integration
      SIGNUPS_PER_IP_PER_HOUR: "500",
      // notification mails at any hour (quiet hours held the like mail back when CI ran in the
      // evening of the member's country; they are tested in tests/integration), no weekly update run
      NOTIFICATION_QUIET_HOURS: "0-0",
      WEEKLY_UPDATE_SCHEDULE: "off",
    },
  },
});
