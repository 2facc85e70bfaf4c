// Keys and signatures of our payment webhooks, derived from the app's secrets (never stored).
// - the test provider signs each webhook body (HMAC-SHA256, key derived from APP_SECRET), as
//   hosted-page providers do;
// - every webhook URL we hand to a provider carries our own signature over the payment id, so a
//   webhook names the payment it is about and a forged or foreign URL is refused before any look-up.
import { createHmac, timingSafeEqual } from "node:crypto";
import { getEnv } from "#app/utils/env.server.ts";

const derive = (secret: string, purpose: string) => createHmac("sha256", secret).update(purpose).digest();

export const testProviderKey = () => derive(getEnv().secret, "rendezvous:test-provider:webhook");
const urlKey = () => derive(getEnv().PAYMENT_WEBHOOK_SECRET ?? getEnv().secret, "rendezvous:payments:webhook-url");

export const hmacHex = (key: Buffer, data: string) => createHmac("sha256", key).update(data).digest("hex");

/** Constant-time comparison of two hex signatures; false for anything malformed. */
export function sameSignature(expected: string, given: string | null | undefined) {
  if (!given || !/^[0-9a-f]{64}$/.test(given)) return false;
  return timingSafeEqual(Buffer.from(expected, "hex"), Buffer.from(given, "hex"));
}

/** The signature a webhook URL carries for one payment of one site. */
export const webhookUrlSignature = (siteKey: string, paymentId: number) => hmacHex(urlKey(), `${siteKey}:${paymentId}`);

export function webhookUrl(origin: string, provider: string, siteKey: string, paymentId: number) {
  return `${origin}/api/payments/webhook/${provider}?payment=${paymentId}&sig=${webhookUrlSignature(siteKey, paymentId)}`;
}
