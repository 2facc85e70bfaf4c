// The test provider's hosted page (/test-pay/{reference}) decides a payment without money, so it
// acts only where the test provider is on, on the site of the order and for the member who
// ordered: a real provider's page takes the money of whoever pays; this one must not hand out
// credits to whoever knows the address.
import { getDb } from "#app/utils/db.server.ts";
import { getProvider } from "./providers/index.server.ts";
import { isTestReference, testPagePayment } from "./providers/test.server.ts";

/** The page exists only where the test provider is on. */
export const testPayPageExists = () => getProvider("test") !== null;

export async function testPayPagePayment(siteKey: string, userId: number, reference: string | undefined) {
  if (!reference || !isTestReference(reference) || !getProvider("test")) return null;
  const order = await getDb().payment.findFirst({ where: { providerReference: reference, provider: "test", siteKey, userId }, select: { id: true } });
  if (!order) return null;
  const payment = await testPagePayment(reference);
  return payment?.siteKey === siteKey ? payment : null;
}
