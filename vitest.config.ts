import os from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: [
      "app/**/*.test.ts",
      "server/**/*.test.ts",
      "workers/**/*.test.ts",
      "prisma/**/*.test.ts",
      "scripts/**/*.test.ts",
      "tests/integration/**/*.test.ts",
    ],
    globalSetup: ["tests/setup/global-setup.ts"],
    setupFiles: ["tests/setup/setup-test-env.ts"],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: "forks",
    // The files wait on PostgreSQL, Redis, test servers and child processes as much as they
    // compute: vitest's default of one worker less than the cores ran them one at a time on the
    // project's two-core machines (653 s there, 458 s with two workers, 451 s with three).
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
  },
});
