// The notification e-mails (new message, new conversation, like, match, unread-message reminder):
// rendered in the recipient's site brand and language, HTML and plain text, each with the
// one-click unsubscribe of its type (List-Unsubscribe + List-Unsubscribe-Post, RFC 8058) and the
// same link in the footer.
import { getFixedT } from "#app/i18n/i18n.server.ts";
import type { Locale } from "#app/i18n/locales.ts";
import { enqueueMail } from "#app/mail/mail-queue.server.ts";
import { renderMail } from "#app/mail/render-mail.server.ts";
import { siteFooter, siteSender } from "#app/mail/site-mail.server.ts";
import type { Site } from "#app/tenancy/site-schema.ts";
import type { NotificationTypeName } from "./notification-types.ts";
import { unsubscribeUrl } from "./unsubscribe-link.server.ts";

export type NotificationMailKind = "newMessage" | "newConversation" | "like" | "match" | "unreadReminder" | "activationReminder" | "weeklyUpdate";

/** A member listed in a mail (the weekly update's new members), linked to their profile. */
export interface MailProfile {
  name: string;
  age: number;
  city: string | null;
  path: string;
}

const BUTTON: Record<NotificationMailKind, string> = {
  newMessage: "newMessage.button",
  newConversation: "newMessage.button",
  like: "like.button",
  match: "match.button",
  unreadReminder: "unreadReminder.button",
  activationReminder: "activationReminder.button",
  weeklyUpdate: "weeklyUpdate.button",
};

const profileLine = (p: MailProfile) => `${p.name}, ${p.age}${p.city ? ` · ${p.city}` : ""}`;

export interface NotificationMail {
  kind: NotificationMailKind;
  type: NotificationTypeName;
  site: Site;
  origin: string;
  locale: Locale;
  userId: number;
  to: string;
  /** the recipient's profile name */
  recipientName: string;
  /** the other member (sender, liker) */
  name?: string;
  /** where the button leads, a path on the recipient's site */
  path: string;
  profiles?: MailProfile[];
}

export async function renderNotificationMail(m: NotificationMail) {
  const t = getFixedT(m.locale, "mail");
  const common = getFixedT(m.locale, "common");
  const vars = { siteName: m.site.name, name: m.name ?? "" };
  const link = `${m.origin}${m.path}`;
  const unsubscribe = unsubscribeUrl(m.origin, { siteKey: m.site.key, userId: m.userId, type: m.type });
  const subject = t(`notifications.${m.kind}.subject`, vars);
  const paragraphs = [t("greeting", { name: m.recipientName }), t(`notifications.${m.kind}.body`, vars)];
  const button = t(`notifications.${BUTTON[m.kind]}`);
  const why = t("notifications.why", { type: common(`settings.notificationTypes.${m.type}`) });
  const footer = await siteFooter(m.site, m.locale);
  const unsubscribeLabel = t("notifications.unsubscribe");
  const { NotificationMailTemplate } = await import("#app/mail/templates/notification-mail.server.tsx");
  const { html, text } = await renderMail(NotificationMailTemplate, {
    site: m.site,
    locale: m.locale,
    paragraphs,
    profiles: (m.profiles ?? []).map((p) => ({ label: profileLine(p), href: `${m.origin}${p.path}` })),
    link,
    button,
    why,
    unsubscribe: { label: unsubscribeLabel, href: unsubscribe },
    footer,
  });
  return { subject, text, html, unsubscribe };
}

/** Renders and queues the mail under `mailId` (a repeated call with the same id sends nothing more). */
export async function sendNotificationMail(m: NotificationMail, mailId: string) {
  const { subject, text, html, unsubscribe } = await renderNotificationMail(m);
  await enqueueMail(
    {
      siteKey: m.site.key,
      message: {
        ...siteSender(m.site),
        to: m.to,
        subject,
        text,
        html,
        headers: { "List-Unsubscribe": `<${unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
      },
    },
    mailId,
  );
}
