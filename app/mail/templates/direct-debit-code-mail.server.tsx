import { Text } from "@react-email/text";
import type { Site } from "#app/tenancy/site-schema.ts";
import { FooterLine, Paragraphs, SmallPrint } from "./blocks.server.tsx";
import { BrandedLayout, mailColour } from "./branded-layout.server.tsx";

export interface DirectDebitCodeMailProps {
  site: Pick<Site, "branding" | "mail_name">;
  locale: string;
  paragraphs: string[];
  code: string;
  ignore: string;
  footer: string;
}

/** The one-time code that confirms a direct-debit mandate, large and on its own line. */
export function DirectDebitCodeMailTemplate({ site, locale, paragraphs, code, ignore, footer }: DirectDebitCodeMailProps) {
  return (
    <BrandedLayout site={site} locale={locale} footer={<FooterLine>{footer}</FooterLine>}>
      <Paragraphs texts={paragraphs} />
      <Text data-otp style={{ margin: "24px 0", fontSize: 32, lineHeight: 1.2, fontWeight: "bold", letterSpacing: 8, color: mailColour(site) }}>
        {code}
      </Text>
      <SmallPrint>{ignore}</SmallPrint>
    </BrandedLayout>
  );
}
