// The notification e-mails (new message, new conversation, like, match, unread-message reminder):
// rendered in the recipient's site brand and language, HTML and plain text, each with the
// one-click unsubscribe of its type (List-Unsubscribe + List-Unsubscribe-Post, RFC 8058) and the
// same link in the footer.
import { getFixedT } from "#app/i18n/i18n.server.ts";
import type { Locale } from "#app/i18n/locales.ts";
import { enqueueMail } from "#app/mail/mail-queue.server.ts";
import { getCompanyInfo } from "#app/tenancy/company.server.ts";
import type { Site } from "#app/tenancy/site-schema.ts";
import type { NotificationTypeName } from "./notification-types.ts";
import { unsubscribeUrl } from "./unsubscribe-link.server.ts";

export type NotificationMailKind = "newMessage" | "newConversation" | "like" | "match" | "unreadReminder";

const BUTTON: Record<NotificationMailKind, string> = {
  newMessage: "newMessage.button", newConversation: "newMessage.button", like: "like.button", match: "match.button", unreadReminder: "unreadReminder.button",
};

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

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
}

export async function renderNotificationMail(m: NotificationMail) {
  const t = getFixedT(m.locale, "mail");
  const common = getFixedT(m.locale, "common");
  const company = await getCompanyInfo(m.site.company_id);
  const vars = { siteName: m.site.name, name: m.name ?? "" };
  const link = `${m.origin}${m.path}`;
  const unsubscribe = unsubscribeUrl(m.origin, { siteKey: m.site.key, userId: m.userId, type: m.type });
  const subject = t(`notifications.${m.kind}.subject`, vars);
  const paragraphs = [t("greeting", { name: m.recipientName }), t(`notifications.${m.kind}.body`, vars)];
  const button = t(`notifications.${BUTTON[m.kind]}`);
  const why = t("notifications.why", { type: common(`settings.notificationTypes.${m.type}`) });
  const footer = t("footer", {
    siteName: m.site.name,
    companyName: company?.name ?? m.site.name,
    address: company ? `${company.address}, ${company.city}, ${company.country}` : "",
    supportEmail: m.site.support_email,
  });
  const unsubscribeLabel = t("notifications.unsubscribe");
  const colour = m.site.branding.colors.primary ?? "#9b1c1c";
  const text = [...paragraphs, `${button}: ${link}`, "--", why, `${unsubscribeLabel}: ${unsubscribe}`, footer].join("\n\n");
  const html = `<!doctype html><html lang="${m.locale}"><body style="margin:0;background:#f4f4f5;font-family:Arial,Helvetica,sans-serif;color:#1f2937">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px">
<tr><td style="padding:20px 28px;background:${colour};border-radius:8px 8px 0 0;color:#ffffff;font-size:22px;font-weight:bold">${escape(m.site.mail_name)}</td></tr>
<tr><td style="padding:28px;font-size:15px;line-height:1.6">
${paragraphs.map((p) => `<p style="margin:0 0 16px">${escape(p)}</p>`).join("\n")}
<p style="margin:24px 0"><a href="${escape(link)}" style="display:inline-block;background:${colour};color:#ffffff;text-decoration:none;padding:12px 24px;border-radius:24px;font-weight:bold">${escape(button)}</a></p>
</td></tr>
<tr><td style="padding:16px 28px;font-size:12px;color:#9ca3af;border-top:1px solid #e5e7eb">
<p style="margin:0 0 8px">${escape(why)} <a href="${escape(unsubscribe)}" style="color:${colour}">${escape(unsubscribeLabel)}</a></p>
<p style="margin:0">${escape(footer)}</p></td></tr>
</table></td></tr></table></body></html>`;
  return { subject, text, html, unsubscribe };
}

/** Renders and queues the mail under `mailId` (a repeated call with the same id sends nothing more). */
export async function sendNotificationMail(m: NotificationMail, mailId: string) {
  const { subject, text, html, unsubscribe } = await renderNotificationMail(m);
  await enqueueMail({
    siteKey: m.site.key,
    message: {
      from: { name: m.site.mail_name, address: `noreply@${m.site.domains[0]}` },
      replyTo: m.site.support_email,
      to: m.to,
      subject,
      text,
      html,
      headers: { "List-Unsubscribe": `<${unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
    },
  }, mailId);
}
