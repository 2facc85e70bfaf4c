// Whether a member may pay by direct debit now: blocked members and members over their limit
// are refused with the spec's messages.
// CONTRACT (issue 9): startCheckout calls this inside its transaction, after locking the member's
// users row, for every "sdd" order, so parallel orders cannot pass the limit together. This first
// version lets every order through; the direct-debit work replaces the body.
import type { Prisma } from "#app/generated/prisma/client.ts";
import type { Site } from "#app/tenancy/site-schema.ts";

type Tx = Prisma.TransactionClient;

export type DirectDebitGate = { ok: true } | { ok: false; error: "directdebit_limit" | "directdebit_blocked" };

export async function directDebitGate(_tx: Tx, _order: { site: Site; userId: number; amountCents: number; currency: string }): Promise<DirectDebitGate> {
  return { ok: true };
}
