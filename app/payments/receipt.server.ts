// The PDF receipt of one payment (/transactions/{id}/receipt.pdf), made with pdfkit in the
// member's language: the operating company (name, address, KvK and VAT numbers), the site, the
// member and the payment lines. Noto Sans is embedded so every letter of the 11 languages prints.
import { createRequire } from "node:module";
import type { TFunction } from "i18next";
import type { CompanyInfo } from "#app/tenancy/company.server.ts";
import type { Site } from "#app/tenancy/site-schema.ts";
import { formatDateTime, formatMoney } from "#app/utils/format.ts";
import { methodLabel, type Transaction } from "./transactions.server.ts";

const require = createRequire(import.meta.url);
const FONT = require.resolve("@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf");
const FONT_BOLD = require.resolve("@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf");

export interface ReceiptInput {
  site: Site;
  company: CompanyInfo | null;
  memberName: string;
  memberEmail: string;
  payment: Transaction;
  locale: string;
  /** the member's time zone (memberTimeZone of their country) */
  timeZone: string;
  t: TFunction;
  /** pdfkit compresses page content; tests may read it uncompressed */
  compress?: boolean;
}

export async function renderReceipt({ site, company, memberName, memberEmail, payment, locale, timeZone, t, compress = true }: ReceiptInput): Promise<Buffer> {
  const { default: PDFDocument } = await import("pdfkit"); // with its fonts, only when a receipt is asked for
  const doc = new PDFDocument({
    size: "A4",
    margin: 56,
    compress,
    info: { Title: t("transactions.receipt.title", { id: payment.id }), Author: company?.name ?? site.name },
  });
  doc.registerFont("body", FONT);
  doc.registerFont("bold", FONT_BOLD);
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const primary = site.branding.colors.primary ?? "#9b1c1c";
  const money = (cents: number) => formatMoney(cents, payment.currency, locale);

  doc.font("bold").fontSize(20).fillColor(primary).text(site.name);
  doc.moveDown(0.2).font("body").fontSize(10).fillColor("#374151");
  if (company) {
    doc.text(company.name);
    doc.text(`${company.address}, ${company.city}, ${company.country}`);
    doc.text(`${t("transactions.receipt.kvk")}: ${company.kvk}`);
    if (company.vat_numbers.length) doc.text(`${t("transactions.receipt.vat")}: ${company.vat_numbers.join(", ")}`);
  }
  doc.text(site.support_email);

  doc
    .moveDown(1.5)
    .font("bold")
    .fontSize(16)
    .fillColor("#111827")
    .text(t("transactions.receipt.title", { id: payment.id }));
  doc.moveDown(0.5).font("body").fontSize(10).fillColor("#374151");
  doc.text(`${t("transactions.receipt.member")}: ${memberName} (${memberEmail})`);
  doc.text(`${t("transactions.date")}: ${formatDateTime(payment.completedAt ?? payment.createdAt, locale, timeZone)}`);
  doc.text(`${t("transactions.status")}: ${t(`transactions.statuses.${payment.status}`)}`);

  const rows: [string, string][] = [
    [t("transactions.id"), String(payment.id)],
    [t("transactions.credits"), String(payment.credits)],
    [t("transactions.method"), methodLabel(payment.method, t)],
    // the member paid the amount; the provider's fee (transaction costs) is the company's, shown to staff only
    [t("transactions.total"), money(payment.amountCents)],
  ];
  doc.moveDown(1);
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  for (const [i, [label, value]] of rows.entries()) {
    const y = doc.y;
    const last = i === rows.length - 1;
    if (last)
      doc
        .moveTo(left, y - 2)
        .lineTo(left + width, y - 2)
        .strokeColor("#d1d5db")
        .stroke();
    doc
      .font(last ? "bold" : "body")
      .fontSize(11)
      .fillColor("#111827");
    doc.text(label, left, y, { width: width * 0.6 });
    doc.text(value, left + width * 0.6, y, { width: width * 0.4, align: "right" });
    doc.moveDown(0.4);
  }
  doc
    .moveDown(2)
    .font("body")
    .fontSize(9)
    .fillColor("#6b7280")
    .text(t("transactions.receipt.footer", { siteName: site.name, company: company?.name ?? site.name }), left, doc.y, { width });
  doc.end();
  return done;
}
