import type { Site } from "#app/tenancy/site-schema.ts";
import { FooterLine, Paragraphs, Quote, SmallPrint } from "./blocks.server.tsx";
import { BrandedLayout } from "./branded-layout.server.tsx";

export interface CaseMailProps {
  site: Pick<Site, "branding" | "mail_name">;
  locale: string;
  paragraphs: string[];
  /** what staff decided, quoted (closed cases only) */
  outcome: string | null;
  replyNote: string;
  footer: string;
}

/** A support case received or closed. */
export function CaseMailTemplate({ site, locale, paragraphs, outcome, replyNote, footer }: CaseMailProps) {
  return (
    <BrandedLayout site={site} locale={locale} footer={<FooterLine>{footer}</FooterLine>}>
      <Paragraphs texts={paragraphs} />
      {outcome && <Quote text={outcome} />}
      <SmallPrint>{replyNote}</SmallPrint>
    </BrandedLayout>
  );
}
