// A member's notification switches: users.notifications_off holds the types switched off for
// e-mail, users.push_off those switched off for push (only PUSH_TYPES have a push).
import { z } from "zod";
import { getDb } from "#app/utils/db.server.ts";
import { NOTIFICATION_TYPES, PUSH_TYPES, type NotificationTypeName } from "./notification-types.ts";

export async function switchesOf(userId: number, siteKey: string) {
  const user = await getDb().user.findFirst({
    where: { id: userId, siteKey, status: { notIn: ["deleted"] } },
    select: { id: true, email: true, notificationsOff: true, pushOff: true, notificationsDisabled: true },
  });
  return user;
}

/** Turns one type on or off, atomically (no read-modify-write: parallel switches of other types stay). */
export async function setSwitch(userId: number, type: NotificationTypeName, on: boolean) {
  const db = getDb();
  if (on) {
    await db.$executeRaw`UPDATE users SET notifications_off = array_remove(notifications_off, ${type}::"NotificationType"), updated_at = now() WHERE id = ${userId}`;
  } else {
    await db.$executeRaw`UPDATE users SET notifications_off = array_append(array_remove(notifications_off, ${type}::"NotificationType"), ${type}::"NotificationType"), updated_at = now() WHERE id = ${userId}`;
  }
}

const switchForm = z.object({
  enabled: z.array(z.enum(NOTIFICATION_TYPES)).max(NOTIFICATION_TYPES.length),
  push: z.array(z.enum(PUSH_TYPES)).max(PUSH_TYPES.length),
});

/** The page's form: the types checked for e-mail (`enabled`) and for push (`push`), each repeated; unknown types are refused. */
export function parseSwitchForm(form: FormData) {
  return switchForm.safeParse({ enabled: form.getAll("enabled").map(String), push: form.getAll("push").map(String) });
}

/** Stores the member's switches: every type not checked is off, for e-mail and for push apart. */
export async function setSwitches(userId: number, { enabled, push }: z.infer<typeof switchForm>) {
  const mail = new Set<string>(enabled);
  const pushed = new Set<string>(push);
  await getDb().user.update({
    where: { id: userId },
    data: { notificationsOff: NOTIFICATION_TYPES.filter((n) => !mail.has(n)), pushOff: PUSH_TYPES.filter((n) => !pushed.has(n)) },
  });
}
