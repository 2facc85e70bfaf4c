// Browser push subscriptions (POST /api/user.php?push=1); one row per endpoint.
import { z } from "zod";
import { getDb } from "#app/utils/db.server.ts";
import { getEnv } from "#app/utils/env.server.ts";

/** Is the endpoint on one of the push services this deployment sends to (PUSH_ENDPOINT_HOSTS)? */
export function knownPushService(endpoint: string) {
  const host = URL.parse(endpoint)?.hostname.toLowerCase() ?? "";
  return getEnv()
    .PUSH_ENDPOINT_HOSTS.toLowerCase()
    .split(",")
    .some((h) => host === h || host.endsWith(`.${h}`));
}

/** Push services hand out https endpoints of a few hundred characters and base64url keys. */
export const pushSubscriptionSchema = z.object({
  endpoint: z
    .url({ protocol: /^https$/ })
    .max(1000)
    .refine(knownPushService),
  keys: z.object({ p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100) }),
});

/** Push turned off on one device (the /notifications switch): only the member's own row goes. */
export async function deletePushSubscription(userId: number, endpoint: string) {
  const { count } = await getDb().pushSubscription.deleteMany({ where: { userId, endpoint } });
  return count > 0;
}

export async function savePushSubscription(userId: number, sub: z.infer<typeof pushSubscriptionSchema>) {
  await getDb().pushSubscription.upsert({
    where: { endpoint: sub.endpoint },
    create: { userId, endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth },
    update: { userId, p256dh: sub.keys.p256dh, auth: sub.keys.auth },
  });
}
