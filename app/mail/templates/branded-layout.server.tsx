// The one layout of every mail a site sends: the site's mail name on its primary colour, the
// body, a footer. react-email's components render the tables and inline styles mail clients need.
import { Body } from "@react-email/body";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Hr } from "@react-email/hr";
import { Html } from "@react-email/html";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { createContext, useContext, type ReactNode } from "react";
import type { Site } from "#app/tenancy/site-schema.ts";

const DEFAULT_COLOUR = "#9b1c1c";

export const mailColour = (site: Pick<Site, "branding">) => site.branding.colors.primary ?? DEFAULT_COLOUR;

// the blocks (button, links) take the site's colour from the layout around them
const BrandColour = createContext(DEFAULT_COLOUR);
export const useBrandColour = () => useContext(BrandColour);

export interface BrandedLayoutProps {
  site: Pick<Site, "branding" | "mail_name">;
  locale: string;
  footer: ReactNode;
  children: ReactNode;
}

export function BrandedLayout({ site, locale, footer, children }: BrandedLayoutProps) {
  const colour = mailColour(site);
  return (
    <Html lang={locale}>
      <Head />
      <Body style={{ margin: 0, background: "#f4f4f5", fontFamily: "Arial,Helvetica,sans-serif", color: "#1f2937" }}>
        <Container style={{ maxWidth: 560, margin: "24px auto", background: "#ffffff", borderRadius: 8 }}>
          <Section style={{ padding: "20px 28px", background: colour, borderRadius: "8px 8px 0 0" }}>
            <Text style={{ margin: 0, color: "#ffffff", fontSize: 22, lineHeight: 1.3, fontWeight: "bold" }}>{site.mail_name}</Text>
          </Section>
          <Section style={{ padding: 28, fontSize: 15, lineHeight: 1.6 }}>
            <BrandColour.Provider value={colour}>{children}</BrandColour.Provider>
          </Section>
          {/* a rule rather than a border: the plain-text part shows it as the footer's separator */}
          <Hr style={{ margin: 0, borderTop: "1px solid #e5e7eb" }} />
          <Section style={{ padding: "16px 28px", fontSize: 12, color: "#9ca3af" }}>
            <BrandColour.Provider value={colour}>{footer}</BrandColour.Provider>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}
