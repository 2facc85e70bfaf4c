// The one-time code that confirms a direct-debit order (spec sections 3 and 5).
//
// - 6 digits from crypto.randomInt, kept only as an HMAC-SHA256 (APP_SECRET) over the challenge's
//   random token and the code, compared in constant time.
// - Valid for CODE_TTL_MINUTES, at most MAX_ATTEMPTS checks, used once. Each check first takes its
//   place with one atomic UPDATE … attempts = attempts + 1 … WHERE attempts < MAX RETURNING, so
//   parallel guesses cannot check more than MAX_ATTEMPTS codes; the right code is then claimed with
//   UPDATE … SET used_at WHERE used_at IS NULL, so two parallel right answers confirm one order.
// - The mandate (IBAN included) waits with the challenge; the IBAN only encrypted (AES-256-GCM,
//   key derived from APP_SECRET) and wiped when the code is used or dead; the page shows it masked.
// - A member gets at most CODES_PER_HOUR codes an hour, counted under a lock on the users row.
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import type { Prisma } from "#app/generated/prisma/client.ts";
import type { Site } from "#app/tenancy/site-schema.ts";
import type { Db } from "#app/utils/db.server.ts";
import { getEnv } from "#app/utils/env.server.ts";
import type { DirectDebitMandate } from "./provider.server.ts";
import { maskIban, OTP_LENGTH } from "./direct-debit-form.ts";

export const OTP_RULES = { ttlMinutes: 10, maxAttempts: 5, codesPerHour: 5 } as const;

const hashCode = (token: string, code: string, secret = getEnv().secret) =>
  createHmac("sha256", secret).update(`directdebit-otp\n${token}\n${code}`).digest("base64url");

const ibanKey = (secret = getEnv().secret) => Buffer.from(hkdfSync("sha256", secret, "rendezvous", "direct-debit-iban", 32));

function encryptIban(iban: string) {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", ibanKey(), iv);
  const data = Buffer.concat([cipher.update(iban, "utf8"), cipher.final()]);
  return [iv, cipher.getAuthTag(), data].map((b) => b.toString("base64url")).join(".");
}

function decryptIban(stored: string) {
  const [iv, tag, data] = stored.split(".").map((p) => Buffer.from(p, "base64url"));
  const decrypt = (secret: string) => {
    const decipher = createDecipheriv("aes-256-gcm", ibanKey(secret), iv!);
    decipher.setAuthTag(tag!);
    return Buffer.concat([decipher.update(data!), decipher.final()]).toString("utf8");
  };
  const previous = getEnv().previousSecret;
  try {
    return decrypt(getEnv().secret);
  } catch (error) {
    // encrypted before APP_SECRET was rotated (a challenge lives 10 minutes): the tag did not match
    if (!previous) throw error;
    return decrypt(previous);
  }
}

export interface CodeRequest {
  site: Site;
  userId: number;
  packageId: number;
  discountCode?: string | undefined;
  mandate: DirectDebitMandate;
  /** the code, when the mail that carries it was rendered first (newOtpCode); a new one otherwise */
  code?: string;
  /** runs in the challenge's transaction once it is stored (the code mail's outbox row) */
  inTransaction?: (tx: Prisma.TransactionClient) => Promise<unknown>;
}

export const newOtpCode = () => String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, "0");

export type IssuedCode = { ok: true; token: string; code: string; expiresAt: Date; ibanMasked: string } | { ok: false; error: "too_many_codes" };

/** Creates a challenge for the order; the caller sends `code` to the member (never stored). */
export async function issueCode(db: Db, request: CodeRequest, now = new Date()): Promise<IssuedCode> {
  const code = request.code ?? newOtpCode();
  const token = randomBytes(24).toString("base64url");
  const expiresAt = new Date(now.getTime() + OTP_RULES.ttlMinutes * 60_000);
  const ibanMasked = maskIban(request.mandate.iban);
  return db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM users WHERE id = ${request.userId} FOR UPDATE`;
    // nothing of a dead challenge's IBAN stays readable
    await tx.directDebitCode.updateMany({
      where: {
        userId: request.userId,
        ibanCipher: { not: null },
        OR: [{ expiresAt: { lte: now } }, { usedAt: { not: null } }, { attempts: { gte: OTP_RULES.maxAttempts } }],
      },
      data: { ibanCipher: null },
    });
    const lastHour = await tx.directDebitCode.count({ where: { userId: request.userId, createdAt: { gt: new Date(now.getTime() - 3600_000) } } });
    if (lastHour >= OTP_RULES.codesPerHour) return { ok: false as const, error: "too_many_codes" as const };
    const { iban, ...address } = request.mandate;
    await tx.directDebitCode.create({
      data: {
        token,
        userId: request.userId,
        siteKey: request.site.key,
        packageId: request.packageId,
        discountCode: request.discountCode ?? null,
        codeHash: hashCode(token, code),
        expiresAt,
        ibanCipher: encryptIban(iban),
        ibanMasked,
        ...address,
        createdAt: now,
      },
    });
    await request.inTransaction?.(tx);
    return { ok: true as const, token, code, expiresAt, ibanMasked };
  });
}

export interface PendingChallenge {
  token: string;
  packageId: number;
  discountCode: string | null;
  ibanMasked: string;
  accountHolder: string;
  expiresAt: Date;
  attemptsLeft: number;
}

/** A live challenge of this member on this site (for the code step), or null. */
export async function pendingChallenge(db: Db, site: Site, userId: number, token: string, now = new Date()): Promise<PendingChallenge | null> {
  const row = await db.directDebitCode.findFirst({
    where: { token, userId, siteKey: site.key, usedAt: null, expiresAt: { gt: now }, attempts: { lt: OTP_RULES.maxAttempts } },
  });
  return (
    row && {
      token: row.token,
      packageId: row.packageId,
      discountCode: row.discountCode,
      ibanMasked: row.ibanMasked,
      accountHolder: row.accountHolder,
      expiresAt: row.expiresAt,
      attemptsLeft: OTP_RULES.maxAttempts - row.attempts,
    }
  );
}

export type VerifiedCode =
  { ok: true; codeId: number; packageId: number; discountCode: string | null; mandate: DirectDebitMandate } | { ok: false; error: "code_invalid" };

/**
 * Checks a typed code. Wrong, expired, used, exhausted, another member's or another site's
 * challenge: all answer code_invalid ("Code invalid"). The right code is consumed at once.
 */
export async function verifyCode(db: Db, site: Site, userId: number, token: string, otp: string, now = new Date()): Promise<VerifiedCode> {
  const invalid = { ok: false as const, error: "code_invalid" as const };
  if (!/^\d{6}$/.test(otp)) return invalid;
  // take a try first: atomic, so parallel guesses get at most maxAttempts checks
  const taken = await db.$queryRaw<{ id: number; code_hash: string }[]>`
    UPDATE direct_debit_codes SET attempts = attempts + 1
    WHERE token = ${token} AND user_id = ${userId} AND site_key = ${site.key}
      AND used_at IS NULL AND expires_at > ${now} AND attempts < ${OTP_RULES.maxAttempts}
    RETURNING id, code_hash`;
  const row = taken[0];
  if (!row) return invalid;
  const expected = Buffer.from(row.code_hash);
  const matches = (secret: string) => {
    const actual = Buffer.from(hashCode(token, otp, secret));
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  };
  const previous = getEnv().previousSecret;
  if (!matches(getEnv().secret) && !(previous && matches(previous))) return invalid;
  // claim it: once, and the IBAN leaves the table with the claim
  const claimed = await db.$queryRaw<
    {
      id: number;
      package_id: number;
      discount_code: string | null;
      account_holder: string;
      iban_cipher: string | null;
      street: string;
      house_number: string;
      zip: string;
      city: string;
      phone: string;
    }[]
  >`
    UPDATE direct_debit_codes d SET used_at = ${now}, iban_cipher = NULL
    FROM direct_debit_codes old
    WHERE d.id = ${row.id} AND old.id = d.id AND d.used_at IS NULL
    RETURNING d.id, d.package_id, d.discount_code, d.account_holder, old.iban_cipher, d.street, d.house_number, d.zip, d.city, d.phone`;
  const c = claimed[0];
  if (!c?.iban_cipher) return invalid;
  return {
    ok: true,
    codeId: c.id,
    packageId: c.package_id,
    discountCode: c.discount_code,
    mandate: {
      accountHolder: c.account_holder,
      iban: decryptIban(c.iban_cipher),
      street: c.street,
      houseNumber: c.house_number,
      zip: c.zip,
      city: c.city,
      phone: c.phone,
    },
  };
}
