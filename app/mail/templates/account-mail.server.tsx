import type { Site } from "#app/tenancy/site-schema.ts";
import { FooterLine, LinkFallback, MailButton, Paragraphs, SmallPrint } from "./blocks.server.tsx";
import { BrandedLayout } from "./branded-layout.server.tsx";

export interface AccountMailProps {
  site: Pick<Site, "branding" | "mail_name">;
  locale: string;
  paragraphs: string[];
  link: string;
  button: string;
  linkFallback: string;
  ignore: string;
  footer: string;
}

/** Activation, password reset, e-mail change, reactivation, data export: a button to one link. */
export function AccountMailTemplate({ site, locale, paragraphs, link, button, linkFallback, ignore, footer }: AccountMailProps) {
  return (
    <BrandedLayout site={site} locale={locale} footer={<FooterLine>{footer}</FooterLine>}>
      <Paragraphs texts={paragraphs} />
      <MailButton href={link}>{button}</MailButton>
      <LinkFallback label={linkFallback} href={link} />
      <SmallPrint>{ignore}</SmallPrint>
    </BrandedLayout>
  );
}
