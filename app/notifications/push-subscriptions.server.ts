// Browser push subscriptions (POST /api/user.php?push=1); one row per endpoint.
import { z } from "zod";
import { getDb } from "#app/utils/db.server.ts";

export const pushSubscriptionSchema = z.object({ endpoint: z.url(), keys: z.object({ p256dh: z.string().min(1), auth: z.string().min(1) }) });

export async function savePushSubscription(userId: number, sub: z.infer<typeof pushSubscriptionSchema>) {
  await getDb().pushSubscription.upsert({
    where: { endpoint: sub.endpoint },
    create: { userId, endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth },
    update: { userId, p256dh: sub.keys.p256dh, auth: sub.keys.auth },
  });
}
