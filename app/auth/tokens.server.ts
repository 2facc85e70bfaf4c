// One-time links (activation, password reset, e-mail change, reactivation): the mail carries
// a random token, the database only its hash; a token works once and until it expires.
import type { Prisma } from "#app/generated/prisma/client.ts";
import type { TokenKind } from "#app/generated/prisma/enums.ts";
import { getDb, type Db } from "#app/utils/db.server.ts";
import { newToken, tokenHash } from "./session.server.ts";

/** A new link token, for a mail rendered before the transaction that saves it (saveToken). */
export const newLinkToken = newToken;

const TOKEN_LIFETIME_MS: Record<TokenKind, number> = {
  activation: 30 * 24 * 3600_000,
  password_reset: 2 * 3600_000,
  email_change: 24 * 3600_000,
  reactivation: 14 * 24 * 3600_000,
};

export async function issueToken(userId: number, kind: TokenKind, extra: { newEmail?: string } = {}) {
  const token = newToken();
  await saveToken(getDb(), userId, kind, token, extra);
  return token;
}

/** Stores a token made by newLinkToken, in the caller's transaction (with the mail that carries it). */
export async function saveToken(db: Db | Prisma.TransactionClient, userId: number, kind: TokenKind, token: string, extra: { newEmail?: string } = {}) {
  await db.userToken.create({
    data: { userId, kind, tokenHash: tokenHash(token), newEmail: extra.newEmail ?? null, expiresAt: new Date(Date.now() + TOKEN_LIFETIME_MS[kind]) },
  });
}

/** Marks the token used and returns it, or null when it is unknown, used, expired or of another site. */
export async function consumeToken(token: string | null, kind: TokenKind, siteKey: string) {
  if (!token) return null;
  const db = getDb();
  const row = await db.userToken.findUnique({ where: { tokenHash: tokenHash(token) }, include: { user: { select: { siteKey: true } } } });
  if (!row || row.kind !== kind || row.usedAt || row.expiresAt < new Date() || row.user.siteKey !== siteKey) return null;
  // only one concurrent use wins
  const { count } = await db.userToken.updateMany({ where: { id: row.id, usedAt: null }, data: { usedAt: new Date() } });
  return count ? row : null;
}

/** A token is valid (for showing a form) without using it up. */
export async function peekToken(token: string | null, kind: TokenKind, siteKey: string) {
  if (!token) return null;
  const row = await getDb().userToken.findUnique({ where: { tokenHash: tokenHash(token) }, include: { user: { select: { siteKey: true } } } });
  return row && row.kind === kind && !row.usedAt && row.expiresAt > new Date() && row.user.siteKey === siteKey ? row : null;
}
