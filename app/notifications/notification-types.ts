// The notification types a member can switch on or off (spec section 3).
export const NOTIFICATION_TYPES = [
  "new_conversations",
  "new_messages",
  "like",
  "unread_message_reminders",
  "promotions",
  "weekly_updates",
  "news",
  "reminders",
] as const;
export type NotificationTypeName = (typeof NOTIFICATION_TYPES)[number];
