// The staff second factor: RFC 6238 TOTP (SHA-1, 6 digits, 30 s, what authenticator apps
// expect) through @epic-web/totp. A code is accepted once: the account remembers the last
// time step it accepted, and a code of that step or an earlier one is refused.
import { generateTOTP, getTOTPAuthUri, verifyTOTP } from "@epic-web/totp";

const TOTP_PERIOD = 30;

/** A new random base32 secret. */
export async function newTotpSecret() {
  return (await generateTOTP()).secret;
}

/** The current code of a secret (tests and the demo accounts in docs/staff.md use it). */
export async function currentTotp(secret: string) {
  return (await generateTOTP({ secret, period: TOTP_PERIOD })).otp;
}

/** otpauth:// URI for an authenticator app. */
export const totpUri = (secret: string, accountName: string) =>
  getTOTPAuthUri({ secret, accountName, issuer: "Rendezvous staff", period: TOTP_PERIOD, digits: 6, algorithm: "SHA-1" });

/** The time step the code belongs to (one step either side is allowed for clock drift), or null. */
export async function totpStep(secret: string, code: string, now = Date.now()): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const result = await verifyTOTP({ otp: code, secret, period: TOTP_PERIOD, window: 1 });
  if (!result) return null;
  return Math.floor(now / 1000 / TOTP_PERIOD) + result.delta;
}
