// The dismissible alerts of spec section 4; a dismissal is stored and the alert stays hidden.
import { getDb } from "#app/utils/db.server.ts";
import type { CurrentUser } from "#app/auth/user-context.server.ts";

export const ALERTS = ["activation_reminder", "profile_photo", "push_prompt", "notifications_disabled", "time_bonus_popup"] as const;
export type Alert = (typeof ALERTS)[number];

export function activeAlerts(user: CurrentUser | null) {
  if (!user) return { activationReminder: false, notificationsDisabled: false, profilePhoto: false, pushPrompt: false };
  // loaded with the member (user-context.server.ts): no query of its own
  const dismissed = new Set(user.alertDismissals.map((d) => d.alert));
  return {
    activationReminder:
      user.status === "not_confirmed" &&
      user.profile?.status === "disabled" &&
      user.notificationsDisabled.length === 0 &&
      !dismissed.has("activation_reminder"),
    notificationsDisabled: user.notificationsDisabled.length > 0 && !dismissed.has("notifications_disabled"),
    profilePhoto: !!user.profile && !user.profile.mainPhotoId && user.profile._count.photos === 0 && !dismissed.has("profile_photo"),
    /** the browser decides the rest (capable, not denied, not yet subscribed): components/push.tsx */
    pushPrompt: !dismissed.has("push_prompt"),
  };
}

export async function dismissAlert(userId: number, alert: Alert) {
  await getDb().alertDismissal.upsert({
    where: { userId_alert: { userId, alert } },
    create: { userId, alert },
    update: { dismissedAt: new Date() },
  });
}
