// readRows (app/utils/db.server.ts): member pages read straight from the pool, and must get what
// the ORM gave them: the same instants for timestamps and dates whatever the process's time zone,
// bigint for int8, and the transaction's own connection when they run inside one.
import { afterAll, describe, expect, it } from "vitest";
import { Prisma } from "#app/generated/prisma/client.ts";
import { closeDb, createDb, getDb, readRows } from "#app/utils/db.server.ts";
import { getDatabaseUrl } from "#app/utils/env.server.ts";
import { createMember } from "#tests/support/factories.ts";

const zone = process.env.TZ;
afterAll(() => {
  process.env.TZ = zone;
});

describe("readRows", () => {
  it("reads timestamps and dates as the ORM does, also in a process far from UTC", async () => {
    const member = await createMember({ age: 33, lastActiveAt: new Date("2026-03-29T01:30:00.123Z") });
    process.env.TZ = "Pacific/Kiritimati"; // UTC+14: a timestamp read as local time would be 14 hours off
    const [row] = await readRows<{ lastActiveAt: Date; dateOfBirth: Date; signupDate: Date }>(
      Prisma.sql`SELECT p.last_active_at AS "lastActiveAt", p.date_of_birth AS "dateOfBirth", u.signup_date AS "signupDate"
        FROM profiles p JOIN users u ON u.id = p.user_id WHERE p.id = ${member.profile.id}::int`,
    );
    const orm = await getDb().profile.findUniqueOrThrow({
      where: { id: member.profile.id },
      select: { lastActiveAt: true, dateOfBirth: true, user: { select: { signupDate: true } } },
    });
    expect(row!.lastActiveAt.toISOString()).toBe("2026-03-29T01:30:00.123Z");
    expect(row!.dateOfBirth.toISOString()).toBe(orm.dateOfBirth.toISOString());
    expect(row!.signupDate.toISOString()).toBe(orm.user.signupDate.toISOString());
    // a Date parameter is compared as the UTC instant it is
    const [found] = await readRows<{ n: bigint }>(
      Prisma.sql`SELECT COUNT(*) AS n FROM profiles WHERE id = ${member.profile.id}::int AND last_active_at = ${new Date("2026-03-29T01:30:00.123Z")}`,
    );
    expect(found!.n).toBe(1n);
  });

  it("reads through the transaction's client inside a transaction: it sees the transaction's own writes", async () => {
    const member = await createMember({});
    const seen = await getDb().$transaction(async (tx) => {
      await tx.profile.update({ where: { id: member.profile.id }, data: { name: "Renamed in tx" } });
      const [inside] = await readRows<{ name: string }>(Prisma.sql`SELECT name FROM profiles WHERE id = ${member.profile.id}::int`, tx);
      const [outside] = await readRows<{ name: string }>(Prisma.sql`SELECT name FROM profiles WHERE id = ${member.profile.id}::int`);
      return { inside: inside!.name, outside: outside!.name };
    });
    expect(seen).toEqual({ inside: "Renamed in tx", outside: member.profile.name });
  });

  it("survives the server ending an idle connection (a restart, a dropped database): the next read opens a new one", async () => {
    const db = createDb(getDatabaseUrl());
    try {
      const [before] = await readRows<{ pid: number }>(Prisma.sql`SELECT pg_backend_pid() AS pid`, db);
      await readRows(Prisma.sql`SELECT pg_terminate_backend(${before!.pid}::int)`);
      // the idle connection's end arrives as an event on the pool; unheard, it would end the process
      await new Promise((resolve) => setTimeout(resolve, 200));
      const [after] = await readRows<{ pid: number }>(Prisma.sql`SELECT pg_backend_pid() AS pid`, db);
      expect(after!.pid).not.toBe(before!.pid);
    } finally {
      await closeDb(db);
    }
  });

  // Planning a member page's statement cost the database four times its execution: each text is
  // prepared once on a connection and run again from there.
  const preparedRuns = (db: ReturnType<typeof createDb>) =>
    readRows<{ statement: string; runs: bigint }>(Prisma.sql`SELECT statement, generic_plans + custom_plans AS runs FROM pg_prepared_statements`, db);

  it("prepares each statement once on a connection and runs it again from there", async () => {
    const db = createDb(getDatabaseUrl());
    try {
      const member = await createMember({});
      const read = () => readRows<{ name: string }>(Prisma.sql`SELECT name FROM profiles WHERE id = ${member.profile.id}::int`, db);
      for (let i = 0; i < 7; i++) expect((await read())[0]!.name).toBe(member.profile.name);
      const mine = (await preparedRuns(db)).filter((s) => s.statement.startsWith("SELECT name FROM profiles"));
      expect(mine).toEqual([{ statement: expect.stringContaining("WHERE id = $1::int"), runs: 7n }]);
    } finally {
      await closeDb(db);
    }
  });

  it("answers a statement again after a run of it failed on a junk value (a prepared statement stays usable)", async () => {
    const db = createDb(getDatabaseUrl());
    try {
      const member = await createMember({});
      const read = (id: string) => readRows<{ name: string }>(Prisma.sql`SELECT name AS "name" FROM profiles WHERE id = ${id}::int`, db);
      await expect(read("not-a-number")).rejects.toThrow(/invalid input syntax/);
      expect(await read(String(member.profile.id))).toEqual([{ name: member.profile.name }]);
    } finally {
      await closeDb(db);
    }
  });

  it("keeps at most a bounded number of statements on a connection, whatever texts it is sent", async () => {
    const db = createDb(getDatabaseUrl());
    try {
      for (let i = 0; i < 600; i++) expect((await readRows<{ n: number }>(Prisma.sql`SELECT ${Prisma.raw(String(i))}::int AS n`, db))[0]!.n).toBe(i);
      expect((await preparedRuns(db)).length).toBeLessThanOrEqual(500);
    } finally {
      await closeDb(db);
    }
  });
});
