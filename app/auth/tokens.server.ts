// One-time links (activation, password reset, e-mail change, reactivation): the mail carries
// a random token, the database only its hash; a token works once and until it expires.
import type { TokenKind } from "#app/generated/prisma/enums.ts";
import { getDb } from "#app/utils/db.server.ts";
import { newToken, tokenHash } from "./session.server.ts";

const TOKEN_LIFETIME_MS: Record<TokenKind, number> = {
  activation: 30 * 24 * 3600_000,
  password_reset: 2 * 3600_000,
  email_change: 24 * 3600_000,
  reactivation: 14 * 24 * 3600_000,
};

export async function issueToken(userId: number, kind: TokenKind, extra: { newEmail?: string } = {}) {
  const token = newToken();
  await getDb().userToken.create({
    data: { userId, kind, tokenHash: tokenHash(token), newEmail: extra.newEmail ?? null, expiresAt: new Date(Date.now() + TOKEN_LIFETIME_MS[kind]) },
  });
  return token;
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
