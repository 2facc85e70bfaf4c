import type { Site } from "#app/tenancy/site-schema.ts";
import { FooterLine, Paragraph, Paragraphs, Quote, SmallPrint } from "./blocks.server.tsx";
import { BrandedLayout } from "./branded-layout.server.tsx";

export interface PhotoRejectedMailProps {
  site: Pick<Site, "branding" | "mail_name">;
  locale: string;
  paragraphs: string[];
  reason: string;
  next: string;
  replyNote: string;
  footer: string;
}

/** Staff rejected a member's photo: why, and what the member can do next. */
export function PhotoRejectedMailTemplate({ site, locale, paragraphs, reason, next, replyNote, footer }: PhotoRejectedMailProps) {
  return (
    <BrandedLayout site={site} locale={locale} footer={<FooterLine>{footer}</FooterLine>}>
      <Paragraphs texts={paragraphs} />
      <Quote text={reason} />
      <Paragraph>{next}</Paragraph>
      <SmallPrint>{replyNote}</SmallPrint>
    </BrandedLayout>
  );
}
