// The mail layout per site and language: brand, colour, lang attribute, the link in both parts,
// and member-supplied text escaped once by React (never twice, never raw).
import { describe, expect, it } from "vitest";
import { getFixedT } from "#app/i18n/i18n.server.ts";
import type { Locale } from "#app/i18n/locales.ts";
import { renderNotificationMail } from "#app/notifications/notification-mails.server.ts";
import { getSiteRegistry } from "#app/tenancy/sites.server.ts";
import { renderAccountMail } from "./account-mails.server.ts";
import { siteFooter } from "./site-mail.server.ts";

const site = (key: string) => getSiteRegistry().byKey.get(key)!;
const NAME = `Eve <script>alert("x")</script> & Co`;

describe("account mail in the site's brand and the member's language", () => {
  it.each([
    ["lovely", "nl"],
    ["mature", "de"],
  ] as const)("%s in %s", async (key, locale: Locale) => {
    const s = site(key);
    const link = `https://${s.domains[0]}/activate?token=abc-123&next=%2Fmembers`;
    const { subject, html, text } = await renderAccountMail({ kind: "activation", site: s, locale, to: "eve@example.com", name: NAME, link });
    const t = getFixedT(locale, "mail");

    expect(subject).toBe(t("activation.subject", { siteName: s.name }));
    expect(html).toMatch(new RegExp(`<html[^>]* lang="${locale}"`));
    expect(html).toContain(s.mail_name);
    expect(html).toContain(`background:${s.branding.colors.primary}`);
    expect(html).toContain(`href="https://${s.domains[0]}/activate?token=abc-123&amp;next=%2Fmembers"`);
    expect(html).toContain(t("activation.button"));

    expect(text).toContain(s.mail_name);
    expect(text).toContain(`${t("activation.button")} ${link}`);
    expect(text).toContain(t("greeting", { name: NAME }));
    expect(text).toContain(await siteFooter(s, locale));

    expect(html).not.toContain("<script>");
    expect(html).toContain("Eve &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co");
    expect(html).not.toMatch(/&amp;(amp|lt|gt|quot);/);
  });

  it("gives the two sites different brands and colours", async () => {
    const [a, b] = await Promise.all(
      ["lovely", "mature"].map((key) =>
        renderAccountMail({ kind: "passwordReset", site: site(key), locale: "en", to: "x@example.com", name: "X", link: "https://example.com/r?token=t" }),
      ),
    );
    expect(a!.html).not.toContain(site("mature").mail_name);
    expect(b!.html).not.toContain(site("lovely").mail_name);
    expect(a!.html).not.toContain(site("mature").branding.colors.primary);
  });
});

describe("notification mail", () => {
  it("keeps the unsubscribe link and the profile links exact in both parts", async () => {
    const s = site("pride");
    const origin = "http://pride.localhost:3000";
    const { html, text, unsubscribe } = await renderNotificationMail({
      kind: "weeklyUpdate",
      type: "weekly_updates",
      site: s,
      origin,
      locale: "sv",
      userId: 7,
      to: "x@example.com",
      recipientName: "Kim",
      path: "/members",
      profiles: [{ name: "Al <b>", age: 30, city: "Malmö", path: "/members/12" }],
    });
    expect(unsubscribe).toContain("&");
    expect(text).toContain(unsubscribe);
    expect(html).toContain(`href="${unsubscribe.replaceAll("&", "&amp;")}"`);
    expect(text).toContain(`Al <b>, 30 · Malmö ${origin}/members/12`);
    expect(html).toContain("Al &lt;b&gt;, 30 · Malmö");
    expect(html).toMatch(/<html[^>]* lang="sv"/);
  });
});
