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

/**
 * Marketing mail: sent only with the member's consent (opt-in, ADR 041), so a new account starts
 * with these switched off. The others answer something that happened to the member's account or
 * conversations and stay on.
 */
export const MARKETING_TYPES = ["promotions", "news", "weekly_updates"] as const satisfies readonly NotificationTypeName[];
export const isMarketing = (type: NotificationTypeName) => (MARKETING_TYPES as readonly string[]).includes(type);

/** The types a push can be about (push.server.ts PUSH_TYPE): the others are e-mail only. */
export const PUSH_TYPES = ["new_conversations", "new_messages", "like"] as const satisfies readonly NotificationTypeName[];
