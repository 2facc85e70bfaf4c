// The credits ledger as PostgreSQL holds it (docs/ledger.md): entries are never changed or
// removed, no balance goes below zero, whatever SQL is sent; and one idempotency key books once
// even when its calls arrive together.
import { describe, expect, it } from "vitest";
import { anonymiseAccount } from "#app/accounts/account.server.ts";
import { changeCredits } from "#app/credits/ledger.server.ts";
import { getDb } from "#app/utils/db.server.ts";
import { createMember } from "#tests/support/factories.ts";

const db = () => getDb();
let n = 0;
const key = (what: string) => `ledger-test:${what}:${process.pid}:${Date.now()}:${n++}`;

async function memberWithEntry(credits = 50) {
  const m = await createMember({ site: "lovely" });
  await changeCredits(db(), { userId: m.user.id, delta: credits, reason: "adjustment", idempotencyKey: key("grant") });
  const entry = await db().creditLedgerEntry.findFirstOrThrow({ where: { userId: m.user.id } });
  return { ...m, entry };
}

class RolledBack extends Error {}
/** Runs SQL in a transaction that never commits, so that a statement the database should refuse harms nothing if it does not. */
async function attempt(sql: string) {
  try {
    await db().$transaction(async (tx) => {
      await tx.$executeRawUnsafe(sql);
      throw new RolledBack();
    });
  } catch (error) {
    if (error instanceof RolledBack) return "accepted";
    throw error;
  }
}

describe("the ledger is append-only", () => {
  it("refuses UPDATE, DELETE and TRUNCATE of its entries, by any SQL", async () => {
    const { entry } = await memberWithEntry();
    await expect(attempt(`UPDATE credit_ledger SET delta = 5000, balance_after = 5000 WHERE id = ${entry.id}`)).rejects.toThrow(/append-only: UPDATE/);
    await expect(attempt(`DELETE FROM credit_ledger WHERE id = ${entry.id}`)).rejects.toThrow(/append-only: DELETE/);
    await expect(attempt(`TRUNCATE credit_ledger`)).rejects.toThrow(/append-only: TRUNCATE/);
    await expect(db().creditLedgerEntry.update({ where: { id: entry.id }, data: { delta: 1 } })).rejects.toThrow(/append-only/);
    expect(await db().creditLedgerEntry.findUniqueOrThrow({ where: { id: entry.id } })).toEqual(entry);
  });

  it("keeps an erased member's entries: erasure anonymises the account, and a hard delete of an account with entries is refused", async () => {
    const m = await memberWithEntry();
    expect(await anonymiseAccount(m.user.id)).toBe(true);
    expect(await db().creditLedgerEntry.findMany({ where: { userId: m.user.id } })).toEqual([m.entry]);
    await expect(attempt(`DELETE FROM users WHERE id = ${m.user.id}`)).rejects.toThrow(/credit_ledger|foreign key/);
    expect(await db().user.count({ where: { id: m.user.id } })).toBe(1);
  });
});

describe("no balance below zero", () => {
  it("refuses a negative balance on the account and in an entry, even by raw SQL", async () => {
    const m = await memberWithEntry(30);
    await expect(attempt(`UPDATE users SET credits = credits - 31 WHERE id = ${m.user.id}`)).rejects.toThrow(/users_credits_not_negative/);
    await expect(
      attempt(
        `INSERT INTO credit_ledger (user_id, delta, balance_after, reason, idempotency_key) VALUES (${m.user.id}, -31, -1, 'adjustment', '${key("raw")}')`,
      ),
    ).rejects.toThrow(/credit_ledger_balance_after_not_negative/);
    expect((await db().user.findUniqueOrThrow({ where: { id: m.user.id } })).credits).toBe(30);
  });
});

describe("idempotency keys", () => {
  it("20 parallel credits with one key book once, and every call answers with that booking's balance", async () => {
    const m = await memberWithEntry(10);
    const same = key("parallel");
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => changeCredits(db(), { userId: m.user.id, delta: 25, reason: "adjustment", idempotencyKey: same })),
    );
    expect(answers).toEqual(Array(20).fill(35));
    expect(await db().creditLedgerEntry.count({ where: { idempotencyKey: same } })).toBe(1);
    expect((await db().user.findUniqueOrThrow({ where: { id: m.user.id } })).credits).toBe(35);
  });
});
