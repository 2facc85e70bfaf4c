// The connection pool keeps a connection through a quiet spell: a burst of pages after a pause
// finds warm database connections (server process, catalogue caches, prepared statements)
// instead of opening new ones (docs/database.md); a connection the server ends is one short
// warning, and none while the pool closes.
import { expect, it, vi } from "vitest";
import { closeDb, createDb, getDb } from "#app/utils/db.server.ts";
import { getDatabaseUrl } from "#app/utils/env.server.ts";
import { getLogger } from "#app/utils/logger.server.ts";

const backendPid = async () => (await getDb().$queryRaw<{ pid: number }[]>`SELECT pg_backend_pid() AS pid`)[0]!.pid;

it("answers after 11 s of quiet on the same database connection (pg alone closes it after 10 s)", async () => {
  const before = await backendPid();
  await new Promise((resolve) => setTimeout(resolve, 11_000));
  expect(await backendPid()).toBe(before);
}, 30_000);

it("says in one short warning that the server ended an idle connection, and opens a new one", async () => {
  const db = createDb(getDatabaseUrl());
  const pid = async () => (await db.$queryRaw<{ pid: number }[]>`SELECT pg_backend_pid() AS pid`)[0]!.pid;
  const warn = vi.spyOn(getLogger(), "warn");
  try {
    const before = await pid();
    await getDb().$executeRaw`SELECT pg_terminate_backend(${before}::int)`;
    await vi.waitFor(() => expect(warn).toHaveBeenCalled());
    expect(warn).toHaveBeenCalledTimes(1);
    const [fields, message] = warn.mock.calls[0]!;
    expect(message).toBe("database connection lost while idle");
    // the code and PostgreSQL's reason, not pg's client object with the connection's settings
    expect(fields).toEqual({ code: "57P01", reason: "terminating connection due to administrator command" });
    expect(await pid()).not.toBe(before);
  } finally {
    warn.mockRestore();
    await closeDb(db);
  }
});

it("stays quiet about connections lost while the pool is being closed (a stopping server)", async () => {
  const warn = vi.spyOn(getLogger(), "warn");
  try {
    // the server ends the connections while the pool closes them: whether one hears of it before
    // its socket closes is a race, so it is run five times
    for (let round = 0; round < 5; round++) {
      const db = createDb(getDatabaseUrl());
      const pids = await Promise.all(Array.from({ length: 4 }, () => db.$queryRaw<{ pid: number }[]>`SELECT pg_backend_pid() AS pid FROM pg_sleep(0.05)`));
      const closing = closeDb(db);
      await getDb().$executeRaw`SELECT pg_terminate_backend(pid) FROM unnest(${pids.map((r) => r[0]!.pid)}::int[]) AS pid`;
      await closing;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(warn).not.toHaveBeenCalled();
  } finally {
    warn.mockRestore();
  }
});
