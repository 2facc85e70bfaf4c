// A member's notification switches (users.notifications_off holds the types switched off).
import { z } from "zod";
import { getDb } from "#app/utils/db.server.ts";
import { NOTIFICATION_TYPES, type NotificationTypeName } from "./notification-types.ts";

export async function switchesOf(userId: number, siteKey: string) {
  const user = await getDb().user.findFirst({
    where: { id: userId, siteKey, status: { notIn: ["deleted"] } },
    select: { id: true, email: true, notificationsOff: true, notificationsDisabled: true },
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

const switchForm = z.object({ enabled: z.array(z.enum(NOTIFICATION_TYPES)).max(NOTIFICATION_TYPES.length) });

/** The page's form: the checked types (`enabled`, repeated); unknown types are refused. */
export function parseSwitchForm(form: FormData) {
  return switchForm.safeParse({ enabled: form.getAll("enabled").map(String) });
}

/** Stores the member's switches: every type not checked is off. */
export async function setSwitches(userId: number, { enabled }: z.infer<typeof switchForm>) {
  const on = new Set(enabled);
  await getDb().user.update({ where: { id: userId }, data: { notificationsOff: NOTIFICATION_TYPES.filter((n) => !on.has(n)) } });
}
