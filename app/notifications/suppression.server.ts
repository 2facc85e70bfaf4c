// Addresses that must get no more notification mail: a hard bounce, a spam complaint or an
// unsubscribe reported for them fills notifications_disabled (spec section 8) on every account
// with that address, which stops notification mail (delivery.server.ts) and shows the member the
// disabled-notifications alert. Account mails (activation, password reset) still go out.
import { getDb } from "#app/utils/db.server.ts";

export type SuppressionReason = "bounce" | "spam_mark" | "unsubscribe";

/** Addresses are stored lower-case (validation.ts), so the e-mail index serves this. Adds the reason once (one atomic UPDATE, so parallel reports cannot duplicate it); returns the number of accounts changed. */
export async function suppressAddress(email: string, reason: SuppressionReason): Promise<number> {
  return getDb().$executeRaw`
    UPDATE users SET notifications_disabled = array_append(notifications_disabled, ${reason})
    WHERE email = lower(${email}) AND status <> 'deleted' AND NOT (${reason} = ANY(coalesce(notifications_disabled, ARRAY[]::text[])))`;
}
