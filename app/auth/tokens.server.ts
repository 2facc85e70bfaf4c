// One-time links (activation, password reset, e-mail change, reactivation): the mail carries
// a random token, the database only its hash; a token works once and until it expires.
import type { Prisma } from "#app/generated/prisma/client.ts";
import type { TokenKind } from "#app/generated/prisma/enums.ts";
import { getDb } from "#app/utils/db.server.ts";
import { newToken, tokenHash } from "./session.server.ts";

export const TOKEN_LIFETIME_MS: Record<TokenKind, number> = {
  activation: 30 * 24 * 3600_000,
  password_reset: 2 * 3600_000,
  email_change: 24 * 3600_000,
  reactivation: 14 * 24 * 3600_000,
};

export async function issueToken(userId: number, kind: TokenKind, extra: { newEmail?: string } = {}, db: Prisma.TransactionClient = getDb()) {
  const token = newToken();
  await db.userToken.create({
    data: { userId, kind, tokenHash: tokenHash(token), newEmail: extra.newEmail ?? null, expiresAt: new Date(Date.now() + TOKEN_LIFETIME_MS[kind]) },
  });
  return token;
}

/**
 * A token, unless `limit.count` of this kind were issued to the member within `limit.seconds`
 * (mails per account per day). Counted and inserted under a lock on the member's row, so
 * parallel requests queue up and cannot pass the limit together.
 */
export async function issueLimitedToken(userId: number, kind: TokenKind, limit: { count: number; seconds: number }): Promise<{ ok: true; token: string } | { ok: false; retryAfterMs: number }> {
  return getDb().$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`;
    const windowMs = limit.seconds * 1000;
    const recent = await tx.userToken.findMany({
      where: { userId, kind, createdAt: { gte: new Date(Date.now() - windowMs) } },
      orderBy: { createdAt: "desc" },
      take: limit.count,
      select: { createdAt: true },
    });
    // full: the oldest of the last `count` tokens has to leave the window first
    if (recent.length >= limit.count) return { ok: false as const, retryAfterMs: recent[limit.count - 1]!.createdAt.getTime() + windowMs - Date.now() };
    return { ok: true as const, token: await issueToken(userId, kind, {}, tx) };
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
