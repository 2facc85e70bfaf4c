// The building blocks of a mail's body and footer, for use inside BrandedLayout.
import { Button } from "@react-email/button";
import { Link } from "@react-email/link";
import { Text } from "@react-email/text";
import { Fragment, type ReactNode } from "react";
import { useBrandColour } from "./branded-layout.server.tsx";

const PARAGRAPH = { margin: "0 0 16px", fontSize: "inherit", lineHeight: "inherit" } as const;
const SMALL = { margin: "0 0 16px", fontSize: 13, lineHeight: 1.5, color: "#6b7280" } as const;

export const Paragraph = ({ children }: { children: ReactNode }) => <Text style={PARAGRAPH}>{children}</Text>;

export const Paragraphs = ({ texts }: { texts: string[] }) => (
  <>
    {texts.map((text, i) => (
      <Paragraph key={i}>{text}</Paragraph>
    ))}
  </>
);

export const SmallPrint = ({ children }: { children: ReactNode }) => <Text style={{ ...SMALL, margin: 0 }}>{children}</Text>;

/** The call to action; the plain-text part shows it as "label link". */
export function MailButton({ href, children }: { href: string; children: ReactNode }) {
  const colour = useBrandColour();
  return (
    <Text style={{ margin: "24px 0", fontSize: "inherit", lineHeight: "inherit" }}>
      <Button
        href={href}
        style={{
          display: "inline-block",
          background: colour,
          color: "#ffffff",
          textDecoration: "none",
          padding: "12px 24px",
          borderRadius: 24,
          fontWeight: "bold",
        }}
      >
        {children}
      </Button>
    </Text>
  );
}

/** The button's link written out for clients that do not show buttons; HTML only, the text part has the link already. */
export function LinkFallback({ label, href }: { label: string; href: string }) {
  const colour = useBrandColour();
  return (
    <Text style={SMALL} data-skip-in-text="true">
      {label}
      <br />
      <Link href={href} style={{ color: colour, wordBreak: "break-all" }}>
        {href}
      </Link>
    </Text>
  );
}

export const BrandLink = ({ href, children, bold }: { href: string; children: ReactNode; bold?: boolean }) => (
  <Link href={href} style={{ color: useBrandColour(), fontWeight: bold ? 600 : undefined }}>
    {children}
  </Link>
);

/** A quoted text (a decision, a reason); its line breaks are kept in HTML and text alike. */
export function Quote({ text }: { text: string }) {
  const lines = text.split(/\r?\n/);
  return (
    <blockquote style={{ margin: "0 0 16px", padding: "12px 16px", borderLeft: "4px solid #d1d5db", background: "#f9fafb" }}>
      {lines.map((line, i) => (
        <Fragment key={i}>
          {i > 0 && <br />}
          {line}
        </Fragment>
      ))}
    </blockquote>
  );
}

export const FooterLine = ({ children }: { children: ReactNode }) => (
  <Text style={{ margin: 0, fontSize: 12, lineHeight: 1.5, color: "#9ca3af" }}>{children}</Text>
);
