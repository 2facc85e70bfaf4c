// Credits change only here: one append-only ledger row and the cached balance, in one
// transaction, keyed for idempotency (the same key never credits twice). PostgreSQL holds the
// rest: the ledger refuses UPDATE, DELETE and TRUNCATE, and no balance can be negative
// (docs/ledger.md).
import { Prisma } from "#app/generated/prisma/client.ts";
import type { LedgerReason } from "#app/generated/prisma/enums.ts";
import type { Db } from "#app/utils/db.server.ts";

type Tx = Prisma.TransactionClient;

export class InsufficientCredits extends Error {}

export interface LedgerChange {
  userId: number;
  delta: number;
  reason: LedgerReason;
  idempotencyKey: string;
  reference?: { type: string; id: string };
}

/** Applies a change inside the caller's transaction; returns the new balance. */
export async function applyCredits(tx: Tx, change: LedgerChange): Promise<number> {
  // the row lock first: concurrent changes to one member's balance queue up here, so a parallel
  // call with the same key finds the entry the first one wrote (looked up before the lock, both
  // would miss it and the second would fail on the key's unique index)
  const [row] = await tx.$queryRaw<{ credits: number }[]>`SELECT credits FROM users WHERE id = ${change.userId} FOR UPDATE`;
  if (!row) throw new Error(`user ${change.userId} not found`);
  const existing = await tx.creditLedgerEntry.findUnique({ where: { idempotencyKey: change.idempotencyKey } });
  if (existing) return existing.balanceAfter;
  const balance = row.credits + change.delta;
  if (balance < 0) throw new InsufficientCredits();
  await tx.user.update({ where: { id: change.userId }, data: { credits: balance } });
  await tx.creditLedgerEntry.create({
    data: {
      userId: change.userId,
      delta: change.delta,
      balanceAfter: balance,
      reason: change.reason,
      idempotencyKey: change.idempotencyKey,
      referenceType: change.reference?.type ?? null,
      referenceId: change.reference?.id ?? null,
    },
  });
  return balance;
}

export const changeCredits = (db: Db, change: LedgerChange) => db.$transaction((tx) => applyCredits(tx, change));
