// A completed purchase made through the checkout's own steps (no pages): an order, the test
// provider's "paid", the provider's word applied, optionally credits spent afterwards.
import { expect } from "vitest";
import { changeCredits } from "#app/credits/ledger.server.ts";
import { startCheckout } from "#app/payments/checkout.server.ts";
import { chooseTestOutcome } from "#app/payments/providers/test.server.ts";
import { syncPayment } from "#app/payments/settle.server.ts";
import type { Site } from "#app/tenancy/site-schema.ts";
import { getDb } from "#app/utils/db.server.ts";

let n = 0;

export async function completedPurchase(site: Site, userId: number, { country = "NL", credits = 120, method = "creditcard" as const, spend = 0 } = {}) {
  const db = getDb();
  const pkg = await db.creditPackage.findFirstOrThrow({ where: { siteKey: site.key, country, credits, active: true } });
  const answer = await startCheckout(db, {
    site,
    userId,
    packageId: pkg.id,
    method,
    country,
    locale: "en",
    origin: `http://${site.key}.localhost`,
    idempotencyKey: `purchase${Date.now().toString(36)}x${(n++).toString(36)}`,
  });
  if (!answer.ok) throw new Error(`checkout refused: ${answer.error}`);
  const payment = await db.payment.findUniqueOrThrow({ where: { id: answer.paymentId } });
  await chooseTestOutcome(payment.providerReference!, "paid");
  expect(await syncPayment(db, payment.id)).toMatchObject({ ok: true, status: "completed" });
  if (spend) await changeCredits(db, { userId, delta: -spend, reason: "message", idempotencyKey: `spend-${payment.id}` });
  return db.payment.findUniqueOrThrow({ where: { id: payment.id } });
}
