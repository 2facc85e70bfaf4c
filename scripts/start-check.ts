// Runs before `npm start` builds (scripts/start.mjs): refuses, with the reason, when the environment is invalid or
// a server already runs from this data folder (its build would delete that server's assets).
import { InstanceRunning, assertNotRunning } from "#server/instance-lock.ts";
import { parseEnv } from "#app/utils/env.server.ts";

try {
  assertNotRunning(parseEnv().dataDir);
} catch (error) {
  console.error(error instanceof InstanceRunning ? error.message : error instanceof Error ? error.message : String(error));
  process.exit(1);
}
