import type { Site } from "#app/tenancy/site-schema.ts";
import { BrandLink, FooterLine, MailButton, Paragraphs } from "./blocks.server.tsx";
import { BrandedLayout } from "./branded-layout.server.tsx";

export interface NotificationMailProps {
  site: Pick<Site, "branding" | "mail_name">;
  locale: string;
  paragraphs: string[];
  /** members listed under the text (the weekly update's new members): label and full link */
  profiles: { label: string; href: string }[];
  link: string;
  button: string;
  /** why the member gets this mail, followed by the unsubscribe link of its type */
  why: string;
  unsubscribe: { label: string; href: string };
  footer: string;
}

export function NotificationMailTemplate({ site, locale, paragraphs, profiles, link, button, why, unsubscribe, footer }: NotificationMailProps) {
  const footerLines = (
    <>
      <FooterLine>
        {why} <BrandLink href={unsubscribe.href}>{unsubscribe.label}</BrandLink>
      </FooterLine>
      <FooterLine>{footer}</FooterLine>
    </>
  );
  return (
    <BrandedLayout site={site} locale={locale} footer={footerLines}>
      <Paragraphs texts={paragraphs} />
      {profiles.length > 0 && (
        <ul style={{ margin: "0 0 16px", paddingLeft: 20 }}>
          {profiles.map((p) => (
            <li key={p.href} style={{ margin: "0 0 6px" }}>
              <BrandLink href={p.href} bold>
                {p.label}
              </BrandLink>
            </li>
          ))}
        </ul>
      )}
      <MailButton href={link}>{button}</MailButton>
    </BrandedLayout>
  );
}
