// Buying credits in a real browser against the built-in test provider: a new free member on lovely
// buys a package with the 25 % time bonus on the provider's (test) page, sees the completed result,
// the credits in the top bar, becomes premium, finds the payment under transactions and downloads
// its receipt; a failed and a cancelled payment add nothing and offer another method; the methods
// shown differ by payment country (iDEAL in NL, BLIK in PL); the deletion flow's offer to stay is a
// discount issued to the member, applied once to a paid order.
import { readFileSync } from "node:fs";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { PORT } from "../../playwright.config.ts";
import { definitionOf, pickBirthDate } from "./helpers.ts";

const LOVELY = `http://lovely.localhost:${PORT}`;
const PRIDE = `http://pride.localhost:${PORT}`;

test.use({ locale: "en-GB", viewport: { width: 1280, height: 900 } });

async function newMember(browser: Browser, origin: string, name: string) {
  const context = await browser.newContext({ locale: "en-GB", viewport: { width: 1280, height: 900 } });
  await context.addCookies([{ name: "entry_ok", value: "1", url: origin }]);
  const page = await context.newPage();
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  await page.goto(`${origin}/signup`);
  const form = page.getByRole("main"); // the signup page: its form and the way to log in
  await form.getByLabel("E-mail address").fill(`pay${stamp}@example.com`);
  await form.getByLabel("Username").fill(`${name}${stamp.slice(-5)}`);
  await form.getByLabel("I am").selectOption("male");
  await form.getByLabel("Looking for").selectOption("female");
  await form.getByLabel("Password", { exact: true }).fill("a long enough secret");
  await pickBirthDate(form, "1990-04-05");
  await form.getByRole("button", { name: "Create my account" }).click();
  await expect(page).toHaveURL(/\/signup\?step=photo$/);
  return page;
}

/** The order's summary beside the methods (an aside named by its heading). */
const orderSummary = (page: Page) => page.getByRole("complementary", { name: "Your order" });

/** The packages on /credits: a card each, known by its Choose link. */
const packageCards = (page: Page) =>
  page
    .getByRole("main")
    .getByRole("listitem")
    .filter({ has: page.getByRole("link", { name: /^Choose \d+ credits for/ }) });

/** The payment methods of a country on /credits (a region named by its heading). */
const methodBlock = (page: Page) => page.getByRole("region", { name: /^Payment methods in / });

/** The result page after the provider: its heading says how it went. */
async function expectCompleted(page: Page) {
  await expect(page.getByRole("heading", { level: 1, name: "Payment completed" })).toBeVisible({ timeout: 15_000 });
}

/** Picks a payment method on the order overview (each method a link named by it), once that page is in. */
async function chooseMethod(page: Page, method: string) {
  await expect(page.getByRole("heading", { level: 1, name: "Order overview" })).toBeVisible();
  await page.getByRole("main").getByRole("link", { name: method, exact: true }).click();
  await expect(await definitionOf(orderSummary(page), "Payment method")).toHaveText(method);
}

async function choosePackage(page: Page, origin: string, credits: number, method: string) {
  await page.goto(`${origin}/credits`);
  await page.getByRole("link", { name: new RegExp(`^Choose ${credits} credits for`) }).click();
  await chooseMethod(page, method);
}

test("a new member buys credits with the time bonus, becomes premium and downloads the receipt", async ({ browser }) => {
  const page = await newMember(browser, LOVELY, "Buyer");
  await page.goto(`${LOVELY}/credits`);
  const cards = packageCards(page);
  await expect(cards).toHaveCount(4);
  await expect(page.getByText("Best value", { exact: true })).toHaveCount(1);
  await expect(methodBlock(page)).toContainText("iDEAL");
  await expect(methodBlock(page)).not.toContainText("BLIK");
  await expect(cards.nth(1)).toContainText("€19.99");
  // a member who signed up minutes ago has the time bonus running
  await page.goto(`${LOVELY}/members`);
  // one bar at a time: the e-mail confirmation first, the countdown once it is dismissed
  await expect(page.getByText("Confirm your e-mail address: we sent a link to")).toBeVisible();
  await page.getByRole("button", { name: "Dismiss" }).click();
  await expect(page.getByRole("region", { name: "25% welcome bonus" })).toBeVisible();

  await choosePackage(page, LOVELY, 120, "iDEAL");
  await expect(await definitionOf(orderSummary(page), "Discount TIMEBONUS25 (25%)")).toHaveText("− €5.00");
  await expect(await definitionOf(orderSummary(page), "Total")).toHaveText("€14.99");
  await page.getByRole("button", { name: /^Pay €14\.99$/ }).click();

  await expect(page).toHaveURL(/\/test-pay\/tp_/);
  await expect(page.getByText("Test payment – no real money")).toBeVisible();
  await page.getByRole("button", { name: "Paid", exact: true }).click();

  await expect(page).toHaveURL(/\/payments\/\d+(\?fresh=1)?$/);
  await expectCompleted(page);
  await expect(page.getByRole("status").filter({ hasText: "have been added" })).toHaveText("120 credits have been added to your account.");
  // premium now: the top bar shows the balance without "Buy credits", and paid members get no time bonus
  await expect(page.getByRole("banner").getByRole("link", { name: "140 credits" })).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: "Buy credits" })).toHaveCount(0);
  await page.goto(`${LOVELY}/members`);
  await expect(page.getByRole("banner").getByRole("link", { name: "140 credits" })).toBeVisible();
  await expect(page.getByRole("region", { name: "25% welcome bonus" })).toHaveCount(0);
  await page.goto(`${LOVELY}/credits`);
  // the last order can be repeated from /credits
  // at today's price (the first order had the time bonus)
  await expect(page.getByText(/^Repeat last order 120 credits for €19\.99/)).toBeVisible();

  await page.goto(`${LOVELY}/transactions`);
  const row = page.getByRole("main").getByRole("listitem");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("€14.99");
  await expect(row).toContainText("Completed");
  await row.getByRole("link").click();
  await expect(await definitionOf(page.getByRole("main"), "Payment method")).toHaveText("iDEAL");
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download receipt (PDF)" }).click();
  const file = await (await download).path();
  expect(readFileSync(file).subarray(0, 5).toString()).toBe("%PDF-");
});

test("a failed and a cancelled payment add nothing and offer another method", async ({ browser }) => {
  const page = await newMember(browser, LOVELY, "Failer");
  for (const [button, state] of [
    ["Failed", "failed"],
    ["Cancel payment", "cancelled"],
  ] as const) {
    await choosePackage(page, LOVELY, 50, "iDEAL");
    await page.getByRole("button", { name: /^Pay / }).click();
    await expect(page).toHaveURL(/\/test-pay\/tp_/);
    await page.getByRole("button", { name: button, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Payment not completed" })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole("main")).toHaveAttribute("data-state", state); // the provider's answer, told apart
    await expect(page.getByRole("alert")).toHaveText("Payment failed or has been cancelled.");
    // "Try again with another payment method:", each a link
    const retry = page.getByRole("main").getByRole("list");
    await expect(retry).toContainText("Credit card");
    await expect(retry).toContainText("PayPal");
    await expect(retry).not.toContainText("iDEAL");
  }
  // nothing was credited: the free member still has the signup credits and is not premium
  await expect(page.getByRole("banner").getByRole("link", { name: "Buy credits" })).toBeVisible();
  await page.getByRole("main").getByRole("list").getByText("PayPal").click();
  await expect(await definitionOf(orderSummary(page), "Payment method")).toHaveText("PayPal");
});

test("the methods shown differ by payment country: iDEAL in NL, BLIK and Przelewy24 in PL, Carte Bancaire in FR (paid with it)", async ({ browser }) => {
  const page = await newMember(browser, PRIDE, "Pole");
  await page.goto(`${PRIDE}/credits?country=PL`);
  const block = methodBlock(page);
  await expect(block).toContainText("BLIK");
  await expect(block).toContainText("Przelewy24");
  await expect(block).not.toContainText("iDEAL");
  await expect(packageCards(page).first()).toContainText("PLN");
  await page.getByLabel("Payment country").selectOption("SE");
  await expect(page).toHaveURL(/country=SE/);
  await expect(block).toContainText("Swish");
  await expect(block).not.toContainText("BLIK");
  // France: Carte Bancaire (the site file's list for FR), paid through the test provider
  await page.getByLabel("Payment country").selectOption("FR");
  await expect(page).toHaveURL(/country=FR/);
  // each method a chip: its mark (hidden from screen readers) and its name
  const chip = (name: string) => block.getByRole("listitem").getByText(name, { exact: true });
  await expect(chip("Carte Bancaire")).toBeVisible();
  await page.getByLabel("Payment country").selectOption("IT");
  await expect(chip("Satispay")).toBeVisible();
  await expect(chip("Nexi")).toBeVisible();
  await page.getByLabel("Payment country").selectOption("FR");
  await expect(page).toHaveURL(/country=FR/);
  await page
    .getByRole("link", { name: /^Choose \d+ credits for/ })
    .first()
    .click();
  await chooseMethod(page, "Carte Bancaire");
  await page.getByRole("button", { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/test-pay\/tp_/);
  await expect(page.getByText("Carte Bancaire")).toBeVisible();
  await page.getByRole("button", { name: "Paid", exact: true }).click();
  await expectCompleted(page);

  const nl = await newMember(browser, LOVELY, "Dutch");
  await nl.goto(`${LOVELY}/credits?country=NL`);
  await expect(methodBlock(nl)).toContainText("iDEAL");
  await expect(methodBlock(nl)).not.toContainText("BLIK");
});

test("a member returns the unused credits of a purchase once: a second tab's form is told it is done, and premium ends with the full refund", async ({
  browser,
}) => {
  const page = await newMember(browser, LOVELY, "Returner");
  await choosePackage(page, LOVELY, 50, "iDEAL");
  await page.getByRole("button", { name: /^Pay / }).click();
  await page.getByRole("button", { name: "Paid", exact: true }).click();
  await expectCompleted(page);
  await expect(page.getByRole("banner").getByRole("link", { name: "Buy credits" })).toHaveCount(0);
  const paymentPath = new URL(page.url()).pathname.replace("/payments/", "/transactions/");

  await page.goto(`${LOVELY}${paymentPath}`);
  const second = await page.context().newPage();
  await second.goto(`${LOVELY}${paymentPath}`);
  const offer = page.getByRole("heading", { name: "Return unused credits" });
  await expect(offer).toBeVisible();
  await expect(page.getByText("You can return 50 unused credits")).toBeVisible();
  await page.getByRole("button", { name: "Return unused credits" }).click();
  await expect(page.getByRole("status").filter({ hasText: /\S/ })).toHaveText("Your unused credits were returned. The refund is on its way to you.");
  await expect(await definitionOf(page.getByRole("main"), "Status")).toHaveText("Refunded");
  await expect(offer).toHaveCount(0);
  // the whole purchase went back: the member is no longer premium
  await expect(page.getByRole("banner").getByRole("link", { name: "Buy credits" })).toBeVisible();

  await second.getByRole("button", { name: "Return unused credits" }).click();
  await expect(second.getByRole("status").filter({ hasText: /\S/ })).toHaveText("The unused credits of this purchase have already been returned.");
});

test("the deletion flow's offer to stay: 30% off the next purchase, shown in the checkout, charged once; then the deletion with the password", async ({
  browser,
}) => {
  const page = await newMember(browser, LOVELY, "Stayer");
  await page.goto(`${LOVELY}/profile/delete`);
  await page.getByLabel("It is too expensive").check();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("Stay and get 30% off your next credit purchase.")).toBeVisible();
  await page.getByRole("button", { name: "Stay and use the discount" }).click();

  await expect(page).toHaveURL(`${LOVELY}/credits`);
  await expect(page.getByText("Your 30% discount is waiting for you on your next credit purchase.")).toBeVisible();
  // the issued 30 % beats the new member's 25 % time bonus
  await choosePackage(page, LOVELY, 120, "iDEAL");
  await expect(await definitionOf(orderSummary(page), /^Discount .+ \(30%\)$/)).toHaveText("− €6.00");
  await expect(await definitionOf(orderSummary(page), "Total")).toHaveText("€13.99");
  await page.getByRole("button", { name: /^Pay €13\.99$/ }).click();
  await expect(page).toHaveURL(/\/test-pay\/tp_/);
  // the provider's page asks for the discounted amount
  await expect(page.getByRole("main").getByText("€13.99", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Paid", exact: true }).click();
  await expectCompleted(page);

  await page.goto(`${LOVELY}/transactions`);
  await expect(page.getByRole("main").getByRole("listitem")).toContainText("€13.99");
  // used: staying again issues nothing new, and the next order is at the full price
  await page.goto(`${LOVELY}/profile/delete?reason=too_expensive`);
  await page.getByRole("button", { name: "Stay and use the discount" }).click();
  await choosePackage(page, LOVELY, 120, "iDEAL");
  await expect(orderSummary(page).getByRole("term")).toHaveText(["Package", "Price", "Payment method", "Total"]); // no discount line
  await expect(await definitionOf(orderSummary(page), "Total")).toHaveText("€19.99");

  // leaving after all: no offer for this reason, and the deletion asks for the password
  await page.goto(`${LOVELY}/profile/delete`);
  await page.getByLabel("I found someone").check();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("Stay and get 30% off your next credit purchase.")).toHaveCount(0);
  const password = page.getByLabel("Your password");
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(page.getByText("Enter your password to delete your account")).toBeVisible();
  await password.fill("not the password");
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(page.getByText("That is not your password. Enter the password you log in with.")).toBeVisible();
  await expect(page).toHaveURL(`${LOVELY}/profile/delete?reason=found_partner`);
  await password.fill("a long enough secret");
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(page).toHaveURL(`${LOVELY}/account-deleted`);
  await expect(page.getByRole("heading", { name: "Your account will be deleted" })).toBeVisible();
});
