// Direct debit in a real browser: the mandate form with its IBAN errors, the one-time code from
// the outbox, "Code invalid", the block and limit messages, and the transactions page with its
// receipt. The demo member of lovely.localhost pays; it buys a seeded package.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { PORT } from "../../playwright.config.ts";
import { logInAsDemoMember, sql } from "./helpers.ts";

const origin = `http://lovely.localhost:${PORT}`;
const outbox = ".data/e2e/outbox";
const MEMBER = "member@lovely.localhost";

test.use({ locale: "en-GB", viewport: { width: 1280, height: 900 } });
test.describe.configure({ mode: "serial" });

let packageId = 0;
let userId = 0;

test.beforeAll(async () => {
  // the seeded 300-credit package of the demo member's payment country
  packageId = (
    await sql<{ id: number }>(
      `SELECT cp.id FROM credit_packages cp WHERE cp.site_key = 'lovely' AND cp.credits = 300 AND cp.active
       AND cp.country = (SELECT p.country FROM profiles p JOIN users u ON u.id = p.user_id WHERE u.email = $1 AND u.site_key = 'lovely')`,
      [MEMBER],
    )
  )[0]!.id;
  userId = (await sql<{ id: number }>(`SELECT id FROM users WHERE email = $1 AND site_key = 'lovely'`, [MEMBER]))[0]!.id;
  await sql(`DELETE FROM direct_debit_blocks WHERE user_id = $1`, [userId]);
});

// the demo member is shared with other files: leave no block or made-up payment behind
test.afterAll(async () => {
  await sql(`DELETE FROM direct_debit_blocks WHERE user_id = $1`, [userId]);
  await sql(`DELETE FROM payments WHERE idempotency_key LIKE 'e2e-limit-%'`);
});

/** The code in the newest mail to `to` written after `after` (ms), from the outbox. */
function latestCode(to: string, after: number) {
  const files = readdirSync(outbox)
    .map((f) => ({ file: path.join(outbox, f), at: statSync(path.join(outbox, f)).mtimeMs }))
    .filter((x) => x.at >= after)
    .sort((a, b) => b.at - a.at);
  for (const { file } of files) {
    const raw = readFileSync(file, "utf8")
      .replace(/=\r?\n/g, "")
      .replace(/=3D/g, "=");
    const code = raw.includes(`To: ${to}`) ? /data-otp="true"[^>]*>(\d{6})</.exec(raw)?.[1] : undefined;
    if (code) return code;
  }
  return undefined;
}

async function fillMandate(page: Page, iban: string) {
  await page.getByLabel("Account holder").fill("Anna de Vries");
  await page.getByLabel("IBAN").fill(iban);
  await page.getByLabel("Street").fill("Keizersgracht");
  await page.getByLabel("House number").fill("12a");
  await page.getByLabel("Postcode").fill("1015 CS");
  await page.getByLabel("City").fill("Amsterdam");
  await page.getByLabel("Phone number").fill("+31 6 12345678");
}

test("mandate form, IBAN errors, the mailed code, Code invalid, and the checkout's answer", async ({ page }) => {
  await logInAsDemoMember(page, origin, "lovely.localhost");
  await page.goto(`${origin}/directdebit?package=${packageId}`);
  // the order above the form: the package and its price
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("main")).toContainText("300 credits");
  await expect(page.getByRole("main")).toContainText("€44.99");

  await fillMandate(page, "NL91 ABNA 0417 1643 01");
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page.getByText("This IBAN is not valid. Please check it for typing errors.")).toBeVisible();
  await expect(page.getByLabel("Account holder")).toHaveValue("Anna de Vries");

  await page.getByLabel("IBAN").fill("BR18 0036 0305 0000 1000 9795 493C 1");
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page.getByText("This IBAN is not from a SEPA country and cannot be debited.")).toBeVisible();

  const sentAfter = Date.now() - 1000;
  await page.getByLabel("IBAN").fill("nl91 abna 0417 1643 00");
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page.getByRole("heading", { name: "Enter your code" })).toBeVisible();
  // the account to be debited, masked: never the full IBAN on the page
  await expect(page.getByText("Debited from NL** **** **** **43 00 (Anna de Vries)")).toBeVisible();
  await expect(page.getByRole("main")).not.toContainText("0417");

  let code: string | undefined;
  await expect.poll(() => (code = latestCode(MEMBER, sentAfter)), { timeout: 15_000 }).toBeTruthy();
  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
  await page.getByLabel("Code").fill(wrong);
  await page.getByRole("button", { name: "Pay €44.99" }).click();
  await expect(page.getByText("Code invalid")).toBeVisible();

  await page.getByLabel("Code").fill(code!);
  await page.getByRole("button", { name: "Pay €44.99" }).click();
  // the right code hands the order to the checkout: the test provider debits at once
  await expect(page).toHaveURL(/\/payments\/\d+(\?fresh=1)?$/);
  await expect(page.getByRole("heading", { name: "Payment completed" })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole("status").filter({ hasText: "credits have been added" })).toHaveText("300 credits have been added to your account.");
});

test("a blocked member and a member over the limit get the spec's messages", async ({ page }) => {
  await logInAsDemoMember(page, origin, "lovely.localhost");
  await sql(`INSERT INTO direct_debit_blocks (user_id, reason) VALUES ($1, 'e2e') ON CONFLICT DO NOTHING`, [userId]);
  await page.goto(`${origin}/directdebit?package=${packageId}`);
  await fillMandate(page, "DE89 3704 0044 0532 0130 00");
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page.getByText("Your account is blocked for direct debit payments.")).toBeVisible();
  await sql(`DELETE FROM direct_debit_blocks WHERE user_id = $1`, [userId]);

  for (let i = 0; i < 3; i++) {
    await sql(
      `INSERT INTO payments (user_id, site_key, credits, method, amount_cents, currency, country, status, idempotency_key) VALUES ($1, 'lovely', 250, 'sdd', 2999, 'EUR', 'NL', 'completed', $2)`,
      [userId, `e2e-limit-${Date.now()}-${i}`],
    );
  }
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(
    page.getByText("Your limit for direct debit payments has been reached. Please try later, a cheaper package or another payment method."),
  ).toBeVisible();
});

test("the transactions page lists the payments and the detail offers the PDF receipt", async ({ page }) => {
  await logInAsDemoMember(page, origin, "lovely.localhost");
  await page.goto(`${origin}/transactions`);
  await expect(page.getByRole("heading", { name: "Transactions" })).toBeVisible();
  // the newest payment first, each a link to its detail
  const first = page.getByRole("main").getByRole("listitem").first().getByRole("link");
  await expect(first).toContainText("€29.99");
  await expect(first).toContainText("Completed");
  await first.click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Payment \d+$/);
  await expect(page.getByRole("definition").filter({ hasText: "SEPA direct debit" })).toBeVisible();
  // what the provider charged is for staff: the member's detail shows what they paid, no costs
  await expect(page.getByRole("main")).not.toContainText("Transaction costs");
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download receipt (PDF)" }).click();
  const file = await (await download).path();
  expect(readFileSync(file).subarray(0, 5).toString()).toBe("%PDF-");
});
