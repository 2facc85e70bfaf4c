// Every test file: the shared test database, its own queues, any console.error fails the test,
// and each test makes its requests from its own visitor IP address (tests/support/visitor.ts).
import { afterAll, beforeEach, inject, vi } from "vitest";
import { newVisitor } from "#tests/support/visitor.ts";

process.env.DATABASE_URL = inject("databaseUrl");
process.env.APP_SECRET = inject("appSecret");
process.env.DATA_DIR ??= ".data/test-files";
process.env.NODE_ENV = "test";
// each test process its own queues: another file's mail worker would otherwise take this file's
// jobs and deliver them to that file's SMTP server (child processes inherit the namespace)
process.env.QUEUE_NAMESPACE ??= `t${process.pid}`;
// the weekly update would mail every member of the shared database when a run crosses its hour;
// its test runs the scan and jobs directly
process.env.WEEKLY_UPDATE_SCHEDULE ??= "off";

beforeEach(() => {
  newVisitor();
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error was called: ${args.map(String).join(" ")}`);
  });
});

afterAll(async () => {
  const { getDb } = await import("#app/utils/db.server.ts");
  await getDb().$disconnect();
});
