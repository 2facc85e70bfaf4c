// The connection pool keeps a connection through a quiet spell: a burst of pages after a pause
// finds warm database connections (server process, catalogue caches, prepared statements)
// instead of opening new ones (docs/database.md).
import { expect, it } from "vitest";
import { getDb } from "#app/utils/db.server.ts";

const backendPid = async () => (await getDb().$queryRaw<{ pid: number }[]>`SELECT pg_backend_pid() AS pid`)[0]!.pid;

it("answers after 11 s of quiet on the same database connection (pg alone closes it after 10 s)", async () => {
  const before = await backendPid();
  await new Promise((resolve) => setTimeout(resolve, 11_000));
  expect(await backendPid()).toBe(before);
}, 30_000);
