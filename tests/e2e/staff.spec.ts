// The staff console in a real browser: support logs in with TOTP (each login a staff account of
// its own, helpers.loggedInStaff), finds the company of mature.localhost by its domain, finds a
// member by e-mail with ledger and payments, lifts the member's login lockout; an admin grants
// credits with a reason and the grant appears in the audit log.
import { expect, test, type Browser, type Locator, type Page } from "@playwright/test";
import { PORT } from "../../playwright.config.ts";
import { LOCALE_NAMES } from "../../app/i18n/locales.ts";
import { definitionOf, loggedInStaff, logInAsDemoMember, pickBirthDate, sql } from "./helpers.ts";

const LOVELY = `http://lovely.localhost:${PORT}`;
const MATURE = `http://mature.localhost:${PORT}`;
/** Node does not resolve *.localhost (browsers do): requests outside the browser name the site in Host */
const MATURE_LOGIN = `http://127.0.0.1:${PORT}/login`;

test.use({ locale: "en-GB", viewport: { width: 1280, height: 900 } });

/** A table of the staff console, known by one of its column headers. */
const tableWith = (page: Page, header: string) => page.getByRole("table").filter({ has: page.getByRole("columnheader", { name: header, exact: true }) });
/** The body rows of a table (the first row holds the headers). */
const bodyRows = (table: Locator) => table.getByRole("row").filter({ hasNot: table.page().getByRole("columnheader") });
/** What the last action answered, above the page's content. */
const answer = (page: Page) => page.getByRole("main").getByRole("status");

async function newMatureMember(browser: Browser) {
  const context = await browser.newContext({ locale: "en-GB" });
  // mature takes signups from its traffic sources only, and speaks German first
  await context.addCookies([
    { name: "entry_ok", value: "1", url: MATURE },
    { name: "lng", value: "en", url: MATURE },
  ]);
  const page = await context.newPage();
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const email = `staffcase${stamp}@example.com`;
  await page.goto(`${MATURE}/signup?network=staffcase`);
  const form = page.getByRole("main"); // the signup page: its form and the way to log in
  await form.getByLabel("E-mail address").fill(email);
  await form.getByLabel("Username").fill(`Case${stamp.slice(-5)}`);
  await form.getByLabel("I am").selectOption("male");
  await form.getByLabel("Looking for").selectOption("female");
  await form.getByLabel("Password", { exact: true }).fill("a long enough secret");
  await pickBirthDate(form, "1970-04-05");
  await form.getByRole("button", { name: "Create my account" }).click();
  await expect(page).toHaveURL(/\/signup\?step=photo$/);
  await context.close();
  return email;
}

test("support finds a company and a member and lifts a lockout; an admin grants credits into the audit log", async ({ browser, request }) => {
  test.setTimeout(120_000); // three staff logins, a member signup and a lockout: over a minute when CI is busy
  const email = await newMatureMember(browser);
  const [member] = await sql<{ id: number }>("SELECT id FROM users WHERE email = $1 AND site_key = 'mature'", [email]);
  await sql(
    `INSERT INTO payments (user_id, site_key, credits, method, amount_cents, currency, country, status, idempotency_key, completed_at)
     VALUES ($1, 'mature', 120, 'creditcard', 2999, 'EUR', 'DE', 'completed', $2, now())`,
    [member!.id, `staff-e2e-${member!.id}`],
  );
  // five wrong passwords lock the account; the right one is refused now
  const logIn = (password: string) => request.post(MATURE_LOGIN, { headers: { host: `mature.localhost:${PORT}` }, form: { email, password }, maxRedirects: 0 });
  for (let i = 0; i < 5; i++) await logIn("wrong password");
  expect((await logIn("a long enough secret")).status()).toBe(429);

  // support, on another site's host
  const { page: support } = await loggedInStaff(browser, "support", LOVELY);
  const search = support.getByRole("search");
  await search.getByLabel(/^Domain, site key/).fill("mature.localhost");
  await search.getByRole("button", { name: "Search" }).click();
  const company = support.getByRole("article");
  await expect(company).toHaveCount(1);
  await expect(company.getByRole("heading", { name: "Nordlys Dating AB" })).toBeVisible();
  await expect(company).toContainText("Nordlys Dating AB");
  await expect(company).toContainText("Sveavägen 44");
  await expect(company).toContainText("559123-4567");
  await expect(company).toContainText("+46855512345");
  // its sites and their domains
  await expect(company.getByRole("list")).toContainText("mature.localhost");
  await expect(company.getByRole("list")).toContainText("pride.localhost");

  await search.getByLabel(/^Domain, site key/).fill(email);
  await search.getByRole("button", { name: "Search" }).click();
  await tableWith(support, "Found by")
    .getByRole("link", { name: `#${member!.id}`, exact: true })
    .click();
  await expect(support).toHaveURL(`${LOVELY}/staff/members/${member!.id}`);
  const facts = support.getByRole("main");
  await expect(await definitionOf(facts, "E-mail address")).toHaveText(email);
  await expect(await definitionOf(facts, "Login lockout")).toContainText("locked until");
  await expect(bodyRows(tableWith(support, "Balance")).first()).toBeVisible(); // the ledger
  await expect(tableWith(support, "Transaction costs")).toContainText("29.99 EUR"); // the payments
  await expect(support.getByRole("button", { name: "Book the credits" })).toHaveCount(0); // admins only
  await support.getByRole("button", { name: "Lift the login lockout" }).click();
  await expect(answer(support)).toHaveText("The lockout is lifted: the member can log in again.");
  await expect(await definitionOf(facts, "Login lockout")).toHaveText("not locked");
  expect((await logIn("a long enough secret")).status()).toBe(302);

  // an admin grants credits with a reason
  const { page: admin, email: adminEmail } = await loggedInStaff(browser, "admin", MATURE);
  await admin.goto(`${MATURE}/staff/members/${member!.id}`);
  const credits = await definitionOf(admin.getByRole("main"), "Credits");
  const before = Number(await credits.textContent());
  // the form has no name of its own, and the erase form below asks for a reason with the same label
  const form = admin.getByTestId("credits-form");
  await form.getByLabel("Credits (negative to deduct)").fill("40");
  await form.getByLabel("Reason (required, kept in the audit log)").fill("Goodwill after a payment problem");
  await form.getByRole("button", { name: "Book the credits" }).click();
  await expect(answer(admin)).toHaveText(`Credits booked. New balance: ${before + 40}.`);
  await expect(credits).toHaveText(String(before + 40));
  await expect(tableWith(admin, "Balance")).toContainText("+40");

  await admin.getByRole("link", { name: "Audit log", exact: true }).click();
  const log = tableWith(admin, "Action");
  // the newest change (the views of the member's page are logged too, as member.view)
  const newest = bodyRows(log).filter({ hasNotText: "member.view" }).first();
  await expect(newest).toContainText("member.grant_credits");
  await expect(newest).toContainText("Goodwill after a payment problem");
  await expect(newest).toContainText(adminEmail);
  await expect(log).toContainText("member.lift_lockout");
});

test("a member reports a profile and a visitor complains; support takes the report and closes it with an outcome", async ({ browser, page }) => {
  test.setTimeout(120_000); // two logins (argon2id), a report, a complaint and a case worked: over a minute when the machine is busy
  // the member reports a profile from its page
  await logInAsDemoMember(page, LOVELY, "lovely.localhost");
  // a face on the member's home: a link to the profile, named by its photo
  const card = page
    .getByRole("main")
    .getByRole("link")
    .filter({ has: page.getByRole("img") })
    .first();
  const profileId = /^\/members\/(\d+)$/.exec((await card.getAttribute("href"))!)?.[1];
  expect(profileId).toBeTruthy();
  await card.click();
  await expect(page).toHaveURL(`${LOVELY}/members/${profileId}`);
  await expect(page.getByRole("button", { name: "More" })).toBeVisible(); // the profile page is in, not only its URL
  const name = (await page.getByRole("heading", { level: 1 }).textContent())!.split(",")[0]!.trim();
  await page.getByRole("button", { name: "More" }).click();
  await page.getByRole("menuitem", { name: `Report ${name}` }).click();
  const report = page.getByRole("form", { name: `Report ${name}` });
  const received = page.getByRole("status").filter({ hasText: `We received your report about ${name}` });
  await report.getByRole("button", { name: "Send report" }).click(); // no reason: the browser asks for one
  await expect(received).toHaveCount(0);
  await report.getByLabel("Reason").selectOption("fake");
  await report.getByLabel("What happened? (optional)").fill("The same photos are on a model agency's site.");
  await report.getByRole("button", { name: "Send report" }).click();
  await expect(received).toBeVisible();

  // a visitor files a complaint
  const visitor = await browser.newContext({ locale: "en-GB" });
  await visitor.addCookies([{ name: "entry_ok", value: "1", url: LOVELY }]);
  const complaint = await visitor.newPage();
  await complaint.goto(`${LOVELY}/complaints`);
  const form = complaint.getByRole("main");
  await form.getByLabel("What is your complaint about?").selectOption("billing");
  await form.getByLabel("Your e-mail address for our answer").fill(`complainer${Date.now()}@example.com`);
  await form.getByLabel("Your complaint", { exact: true }).fill("short");
  await form.getByRole("button", { name: "Send complaint" }).click();
  await expect(form.getByRole("alert")).toContainText("at least 20 characters");
  await form.getByLabel("Your complaint", { exact: true }).fill("I was charged twice for the same credit package yesterday.");
  await form.getByRole("button", { name: "Send complaint" }).click();
  await expect(complaint.getByRole("status").filter({ hasText: "Your complaint has been recorded under number" })).toBeVisible();
  await visitor.close();

  // support works the queue
  const { page: support } = await loggedInStaff(browser, "support", LOVELY);
  await support.getByRole("link", { name: "Cases" }).click();
  const list = support.getByRole("table");
  await expect(list).toContainText("I was charged twice");
  const row = bodyRows(list).filter({ hasText: "The same photos are on a model agency" });
  await row.getByRole("link", { name: /^#\d+$/ }).click();
  const main = support.getByRole("main");
  await expect(main.getByText("The same photos are on a model agency's site.", { exact: true })).toBeVisible();
  await expect(await definitionOf(main, "About")).toContainText(name);
  await support.getByRole("button", { name: "Take this case" }).click();
  await expect(await definitionOf(main, "Status")).toHaveText("In progress");
  await support.getByLabel("Internal note").fill("Reverse image search confirms it.");
  await support.getByRole("button", { name: "Add note" }).click();
  await expect(main.getByRole("listitem").filter({ hasText: "Reverse image search confirms it." })).toBeVisible(); // the notes
  await support.getByLabel("Outcome for the reporter").fill("We checked the profile and removed it. Thank you for telling us.");
  await support.getByRole("button", { name: "Close and mail the reporter" }).click();
  await expect(answer(support)).toHaveText("Case closed; the reporter is being mailed.");
  await expect(await definitionOf(main, "Status")).toHaveText("Closed");
  // the outcome under its heading; the form that took it is gone
  await expect(main.getByRole("heading", { name: "Outcome", exact: true })).toBeVisible();
  await expect(main.getByText("We checked the profile and removed it. Thank you for telling us.", { exact: true })).toBeVisible();
  await expect(support.getByLabel("Outcome for the reporter")).toHaveCount(0);
});

test("an admin changes a package price in the offers console after a preview; a member sees it on /credits and the audit log has it", async ({ browser }) => {
  test.setTimeout(120_000);
  // the 100-credit package (its smallest) of Mature Moments in Austria (no other spec reads its price); put back at the end
  const [pkg] = await sql<{ id: number; price_cents: number }>(
    "SELECT id, price_cents FROM credit_packages WHERE site_key = 'mature' AND country = 'AT' AND credits = 100 AND active",
  );
  try {
    const { page: admin } = await loggedInStaff(browser, "admin", MATURE);
    await admin.getByRole("link", { name: "Offers", exact: true }).click();
    await expect(admin).toHaveURL(`${MATURE}/staff/offers`);
    await admin.goto(`${MATURE}/staff/offers?site=mature&country=AT`);
    // the packages by country, each a region; the package's row holds its price form
    const austria = admin.getByRole("region", { name: "Austria", exact: true });
    const price = austria.getByLabel("New price of 100 credits in EUR");
    const row = austria.getByRole("listitem").filter({ has: admin.getByLabel("New price of 100 credits in EUR") });
    await price.fill("20.49");
    await row.getByRole("button", { name: "Preview" }).click();
    const preview = admin.getByRole("region", { name: "What a member in Austria would see" });
    await expect(preview).toContainText("Preview only: nothing has been saved.");
    await expect(preview.getByRole("listitem").filter({ hasText: "changed" })).toContainText("€20.49");
    expect((await sql<{ price_cents: number }>("SELECT price_cents FROM credit_packages WHERE id = $1", [pkg!.id]))[0]!.price_cents).toBe(pkg!.price_cents);

    await row.getByRole("button", { name: "Save" }).click();
    await expect(answer(admin)).toHaveText("The price of 100 credits is saved; new orders pay it.");
    await expect(austria).toContainText("20.49 EUR");

    // a member of that site, paying in Austria
    const context = await browser.newContext({ locale: "en-GB" });
    await context.addCookies([{ name: "lng", value: "en", url: MATURE }]);
    const member = await context.newPage();
    await logInAsDemoMember(member, MATURE, "mature.localhost");
    await member.goto(`${MATURE}/credits?country=AT`);
    await expect(member.getByRole("link", { name: "Choose 100 credits for €20.49" })).toBeVisible();
    await context.close();

    await admin.getByRole("link", { name: "Audit log", exact: true }).click();
    const entry = bodyRows(tableWith(admin, "Action")).filter({ hasText: "offers.package_price" }).first();
    await expect(entry).toContainText("mature");
    await expect(entry).toContainText(`"priceCents":${pkg!.price_cents}`);
    await expect(entry).toContainText('"priceCents":2049');
  } finally {
    await sql("UPDATE credit_packages SET price_cents = $1 WHERE id = $2", [pkg!.price_cents, pkg!.id]);
  }
});

test("marketing creates a promotion campaign for one site, previews it in German, schedules it, and the workers' report shows it sent", async ({ browser }) => {
  test.setTimeout(240_000);
  const name = `Spring promotion ${Date.now()}`;
  const { page, email: marketingEmail } = await loggedInStaff(browser, "marketing", LOVELY);
  // no support pages for marketing
  await expect(page.getByRole("link", { name: "Cases", exact: true })).toHaveCount(0);
  await page.getByRole("link", { name: "New campaign" }).click();
  await expect(page).toHaveURL(`${LOVELY}/staff/campaigns/new?site=lovely`);
  const form = page.getByRole("main");
  await form.getByLabel("Name (staff only)").fill(name);
  await form.getByLabel("Kind").selectOption("promotions");
  // a narrow audience: men in Ireland who never bought credits (a few demo members)
  await form.getByLabel("Ireland", { exact: true }).check();
  await form.getByLabel("Men", { exact: true }).check();
  await form.getByLabel("Purchases").selectOption("free");
  await form.getByRole("button", { name: "Save as draft" }).click();
  // every language of the site needs its version: the form says so and saves nothing
  await expect(form.getByRole("group", { name: "Language: Deutsch" }).getByText("Write a subject of at most 150 characters.")).toBeVisible();
  for (const [lang, subject] of [
    ["en", "Spring credits"],
    ["nl", "Lentecredits"],
    ["de", "Frühlingscredits"],
    ["fr", "Crédits de printemps"],
  ] as const) {
    const version = form.getByRole("group", { name: `Language: ${LOCALE_NAMES[lang]}` });
    await version.getByLabel("Subject").fill(subject);
    await version.getByLabel("Text").fill(`${subject}: 20 % more this week.`);
  }
  await form.getByLabel("Send at").fill(new Date().toISOString().slice(0, 16));
  await form.getByRole("button", { name: "Save as draft" }).click();
  await expect(answer(page)).toHaveText("The campaign is saved as a draft.");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);

  // the German preview, rendered as the member gets it
  await page.getByRole("link", { name: "Deutsch", exact: true }).click();
  await expect(page.getByRole("region", { name: "Preview of the e-mail" })).toContainText("Subject: Frühlingscredits");
  await expect(page.frameLocator("iframe").getByText("Frühlingscredits: 20 % more this week.")).toBeVisible();

  await page.getByRole("button", { name: "Schedule" }).click();
  await expect(answer(page)).toHaveText("The campaign is scheduled.");
  await expect(await definitionOf(page.getByRole("region", { name: "Campaign" }), "Status")).toHaveText("Scheduled");

  // the campaigns worker (every minute) sends it; the report counts what it sent
  await page.getByRole("link", { name: "Report", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Report: ${name}`);
  const report = page.getByRole("region", { name: "Report" });
  await expect(async () => {
    await page.reload();
    await expect(report).toContainText("Sent", { timeout: 1000 });
    await expect(report.getByRole("definition").first()).toHaveText("Sent", { timeout: 1000 }); // the status
  }).toPass({ timeout: 150_000, intervals: [5000] });
  // the audience is exactly lovely's active, real, not suppressed men in Ireland without a purchase who agreed to promotions
  const [expected] = await sql<{ n: number }>(
    `SELECT count(*)::int AS n FROM users u JOIN profiles p ON p.user_id = u.id
     WHERE u.site_key = 'lovely' AND u.status = 'active' AND NOT p.fictional AND coalesce(cardinality(u.notifications_disabled), 0) = 0
       AND NOT ('promotions' = ANY(coalesce(u.notifications_off, '{}'))) AND p.country = 'IE' AND p.gender = 'male' AND NOT u.paid_user`,
  );
  expect(expected!.n).toBeGreaterThan(0);
  // each of them once: sent, then delivered by the mail worker (to the outbox here)
  await expect(async () => {
    await page.reload();
    await expect(report).toContainText(`Audience${expected!.n}`, { timeout: 1000 });
    await expect(report).toContainText(`Sent${expected!.n}`, { timeout: 1000 });
    await expect(report).toContainText(`Delivered${expected!.n} (100 %)`, { timeout: 1000 });
  }).toPass({ timeout: 60_000, intervals: [2000] });
  const [mails] = await sql<{ n: number; members: number }>(
    "SELECT count(*)::int AS n, count(DISTINCT user_id)::int AS members FROM notification_sends WHERE key LIKE 'campaign:' || (SELECT id FROM campaigns WHERE name = $1) || ':%'",
    [name],
  );
  expect(mails).toEqual({ n: expected!.n, members: expected!.n });

  const [audit] = await sql<{ actions: string[] }>(
    "SELECT array_agg(action ORDER BY id) AS actions FROM staff_audit_log WHERE staff_email = $1 AND after->>'name' = $2",
    [marketingEmail, name],
  );
  expect(audit!.actions).toEqual(["campaigns.create", "campaigns.schedule"]);
});
