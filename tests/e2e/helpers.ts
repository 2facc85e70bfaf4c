import { randomUUID } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, type Browser, type BrowserContextOptions, type Locator, type Page } from "@playwright/test";
import { createInstance, type i18n, type TOptions } from "i18next";
import pg from "pg";
import { hashPassword } from "../../app/auth/password.server.ts";
import { currentTotp, newTotpSecret } from "../../app/staff/totp.server.ts";

/** Where the e2e server's mail goes (one file a message). */
const OUTBOX = ".data/e2e/outbox";

/** The activation link of the newest mail to this address in the outbox, if it has come. */
export function activationLink(email: string) {
  if (!existsSync(OUTBOX)) return undefined;
  for (const file of readdirSync(OUTBOX).sort().reverse()) {
    const raw = readFileSync(path.join(OUTBOX, file), "utf8")
      .replace(/=\r?\n/g, "")
      .replace(/=3D/g, "=");
    if (raw.includes(`To: ${email}`)) return /https?:\/\/[^\s"<>]+activate\?token=[\w-]+/.exec(raw)?.[0];
  }
  return undefined;
}

/** The app's own catalogues (app/locales/<lng>/common.json) in i18next, so a locator names what the member reads. */
const catalogues = new Map<string, i18n>();
function catalogue(lng: string) {
  let instance = catalogues.get(lng);
  if (!instance) {
    const messages = JSON.parse(readFileSync(`app/locales/${lng}/common.json`, "utf8")) as Record<string, unknown>;
    instance = createInstance();
    void instance.init({
      lng,
      fallbackLng: false,
      resources: { [lng]: { common: messages } },
      defaultNS: "common",
      interpolation: { escapeValue: false },
      initAsync: false,
    });
    catalogues.set(lng, instance);
  }
  return instance;
}

/** The text the app shows for a catalogue key in a language ("en", "de", …), placeholders and plurals as i18next fills them. */
export function tr(lng: string, key: string, options?: TOptions): string {
  const i18n = catalogue(lng);
  if (!i18n.exists(key, options)) throw new Error(`no catalogue text ${key} in ${lng}`);
  return i18n.t(key, options ?? {});
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const PLURAL_FORMS = ["zero", "one", "two", "few", "many", "other"];

/**
 * A catalogue text as a whole-name pattern, each {{placeholder}} not given in `options` matching
 * any text ("^Remove the chat with .+$"); a plural asked for without a count matches each of its forms.
 */
export function trPattern(lng: string, key: string, options?: TOptions): RegExp {
  const i18n = catalogue(lng);
  const forms = options?.count === undefined && !i18n.exists(key) ? PLURAL_FORMS.map((form) => `${key}_${form}`).filter((k) => i18n.exists(k)) : [key];
  const texts = forms.map((k) => escape(tr(lng, k, options)).replace(/\\\{\\\{\w+\\\}\\\}/g, ".+"));
  return new RegExp(`^\\s*(?:${texts.join("|")})\\s*$`);
}

/** The language the page is shown in (its <html lang>, "de-DE" → "de"). */
export async function pageLanguage(page: Page) {
  return ((await page.locator("html").getAttribute("lang")) ?? "en").split("-")[0]!;
}

/** Confirms the 18+ entry warning where the page shows it (in the page's language); the page is usable after. */
export async function passEntryWarning(page: Page) {
  const lng = await pageLanguage(page);
  const warning = page.getByRole("dialog", { name: tr(lng, "entryWarning.title") });
  if (await warning.isVisible()) {
    await warning.getByRole("button", { name: tr(lng, "entryWarning.enter") }).click();
    await expect(warning).toBeHidden(); // a modal <dialog>: the page is inert until it closes
  }
}

const DEMO_PASSWORD = "rendezvous-demo";

/**
 * Logs in on a site's /login page, in whatever language it speaks (the labels from that language's
 * catalogue), after confirming the 18+ entry warning where it shows; ends on the member's home (/).
 */
export async function logIn(page: Page, origin: string, email: string, password = DEMO_PASSWORD) {
  await page.goto(`${origin}/login`);
  await passEntryWarning(page);
  const lng = await pageLanguage(page);
  const form = page
    .getByRole("main")
    .locator("form")
    .filter({ has: page.getByLabel(tr(lng, "signup.password"), { exact: true }) });
  await form.getByLabel(tr(lng, "signup.email"), { exact: true }).fill(email);
  await form.getByLabel(tr(lng, "signup.password"), { exact: true }).fill(password);
  await form.getByRole("button", { name: tr(lng, "nav.login"), exact: true }).click();
  // the password hash (argon2id, 19 MiB) takes seconds when CI runs two browsers beside the server
  await expect(page).toHaveURL(`${origin}/`, { timeout: 20_000 });
  // the address changes before a loaded machine has drawn the member's page: wait for their account menu
  await expect(accountMenu(page, undefined, lng)).toBeVisible({ timeout: 20_000 });
}

/**
 * Logs in as the site's demo member (member@{host}); with `language`, that language chosen first
 * (the lng cookie) and the 18+ warning confirmed by cookie.
 */
export async function logInAsDemoMember(page: Page, origin: string, host: string, { language }: { language?: string } = {}) {
  if (language)
    await page.context().addCookies([
      { name: "entry_ok", value: "1", url: origin },
      { name: "lng", value: language, url: origin },
    ]);
  await logIn(page, origin, `member@${host}`);
}

/**
 * The site's demo member logged in, in a browser context of its own (for tests with two members,
 * or a viewport, language or motion preference of their own); the 18+ warning already confirmed.
 * Close it with `page.context().close()`.
 */
export async function demoMemberPage(browser: Browser, origin: string, options: PageOptions = {}) {
  const page = await visitorPage(browser, origin, options);
  await logInAsDemoMember(page, origin, new URL(origin).hostname);
  return page;
}

type PageOptions = BrowserContextOptions & { /** the site's language chosen (the lng cookie) */ language?: string };

/** A visitor's page in a browser context of its own, the 18+ warning confirmed (English, 1280 px unless `options` say otherwise). */
export async function visitorPage(browser: Browser, origin: string, { language, ...options }: PageOptions = {}) {
  const context = await browser.newContext({ locale: "en-GB", viewport: { width: 1280, height: 900 }, ...options });
  await context.addCookies([{ name: "entry_ok", value: "1", url: origin }, ...(language ? [{ name: "lng", value: language, url: origin }] : [])]);
  return context.newPage();
}

type NewMember = {
  name: string;
  gender: "male" | "female";
  seeking: "male" | "female";
  /** "1990-02-03" */
  birthDate?: string;
  email?: string;
  password?: string;
  /** the site's language chosen first (the lng cookie) */
  language?: string;
};

/**
 * Signs a visitor up on the site's /signup page, in whatever language it speaks (the labels from
 * that language's catalogue), after the 18+ warning; ends on the photo step. Returns the address.
 */
export async function signUp(page: Page, origin: string, member: NewMember) {
  const email = member.email ?? `e2e-${member.name.toLowerCase()}-${Date.now()}@example.test`;
  if (member.language) await page.context().addCookies([{ name: "lng", value: member.language, url: origin }]);
  await page.goto(`${origin}/signup`);
  await passEntryWarning(page);
  const lng = await pageLanguage(page);
  const form = page.getByRole("main");
  await form.getByLabel(tr(lng, "signup.iAm"), { exact: true }).selectOption(member.gender);
  await form.getByLabel(tr(lng, "signup.seeking"), { exact: true }).selectOption(member.seeking);
  await form.getByLabel(tr(lng, "signup.username"), { exact: true }).fill(member.name);
  await form.getByLabel(tr(lng, "signup.email"), { exact: true }).fill(email);
  await form.getByLabel(tr(lng, "signup.password"), { exact: true }).fill(member.password ?? "a long enough secret");
  const labels = { group: tr(lng, "signup.dateOfBirth"), day: tr(lng, "signup.dobDay"), month: tr(lng, "signup.dobMonth"), year: tr(lng, "signup.dobYear") };
  await pickBirthDate(form, member.birthDate ?? "1990-02-03", labels);
  await form.getByRole("button", { name: tr(lng, "signup.create"), exact: true }).click();
  await expect(page).toHaveURL(/\/signup\?step=photo$/, { timeout: 15_000 });
  return email;
}

/** Opens the activation link mailed to `email` once it has come; ends on the confirmation. */
export async function activate(page: Page, email: string) {
  await expect.poll(() => activationLink(email), { timeout: 15_000 }).toBeTruthy();
  await page.goto(activationLink(email)!);
  await expect(page.getByRole("heading", { name: tr(await pageLanguage(page), "activation.doneTitle") })).toBeVisible();
}

/** The account menu's toggle in the header: a disclosure button that shows the member's name ("Sam, account menu"); any member's without a name. */
export const accountMenu = (page: Page, name?: string, lng = "en") =>
  page.getByRole("banner").getByRole("button", { name: name === undefined ? trPattern(lng, "nav.accountMenu") : tr(lng, "nav.accountMenu", { name }) });

/** A link of the main navigation by its label ("Likes", or "Likes, 3 new" while it counts something). */
export const mainNavLink = (page: Page, labelKey: string, lng = "en") =>
  page.getByRole("navigation", { name: tr(lng, "nav.main") }).getByRole("link", { name: new RegExp(`^${escape(tr(lng, labelKey))}(,|$)`) });

const BIRTH_DATE_LABELS = { group: "Date of birth", day: "Day", month: "Month", year: "Year" };

/** Picks a date of birth ("1990-03-04") in the signup form's day, month and year fields (labels in the page's language). */
export async function pickBirthDate(scope: Locator | Page, iso: string, labels = BIRTH_DATE_LABELS) {
  const [year, month, day] = iso.split("-").map(Number) as [number, number, number];
  const group = scope.getByRole("group", { name: labels.group });
  await group.getByLabel(labels.day, { exact: true }).selectOption(String(day));
  await group.getByLabel(labels.month, { exact: true }).selectOption(String(month));
  await group.getByLabel(labels.year, { exact: true }).selectOption(String(year));
}

/**
 * The value a description list gives for the term `label` (each <dt> followed by its <dd>, as
 * the Facts and the order summary lay them out): found as a reader finds it, by the term.
 */
export async function definitionOf(list: Locator, label: string | RegExp) {
  const indexOf = async () =>
    (await list.getByRole("term").allTextContents()).map((t) => t.trim()).findIndex((t) => (typeof label === "string" ? t === label : label.test(t)));
  await expect.poll(indexOf, { message: `the term ${label}` }).toBeGreaterThanOrEqual(0);
  return list.getByRole("definition").nth(await indexOf());
}

/** The e2e server's embedded PostgreSQL (playwright.config.ts starts it on E2E_PG_PORT). */
const DATABASE_URL = `postgresql://rendezvous:rendezvous@127.0.0.1:${process.env.E2E_PG_PORT ?? "54332"}/rendezvous`;

/** One SQL statement on the e2e server's database (a test's own data, a look-up, a clean-up); its rows. */
export async function sql<T extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/**
 * A new member of a site made in the database as a copy of its demo member (member@{site}.localhost:
 * the same profile, name, language and country, no photos) under an address of its own, with
 * `credits` credits, signed up `minutesAgo` minutes ago (the demo member's date unless given); logs
 * in with the demo password. For a test whose checks another spec's use of the demo member would upset (a balance).
 */
export async function newMember(site: string, { credits = 0, minutesAgo }: { credits?: number; minutesAgo?: number } = {}) {
  const email = `e2e${Date.now()}${Math.floor(Math.random() * 1e6)}@${site}.localhost`;
  const [user] = await sql<{ id: number }>(
    `INSERT INTO users SELECT (jsonb_populate_record(NULL::users, to_jsonb(u) || jsonb_build_object(
       'id', nextval(pg_get_serial_sequence('users', 'id')), 'email', $1::text, 'credits', $2::int, 'paid_user', false,
       'signup_date', coalesce(now() - make_interval(mins => $3::int), u.signup_date)))).*
     FROM users u WHERE u.email = $4 RETURNING id`,
    [email, credits, minutesAgo ?? null, `member@${site}.localhost`],
  );
  const [profile] = await sql<{ name: string }>(
    `INSERT INTO profiles SELECT (jsonb_populate_record(NULL::profiles, to_jsonb(p) || jsonb_build_object(
       'id', nextval(pg_get_serial_sequence('profiles', 'id')), 'user_id', $1::int, 'main_photo_id', NULL))).*
     FROM profiles p JOIN users u ON u.id = p.user_id WHERE u.email = $2 RETURNING name`,
    [user!.id, `member@${site}.localhost`],
  );
  return { email, name: profile!.name };
}

type StaffRole = "support" | "admin" | "marketing";
const STAFF_PASSWORD = "staff password for the browser suite";
let staffPasswordHash: Promise<string> | undefined;

/**
 * A new staff account of a role, made in the database as `npm run staff:create` makes one (an
 * argon2id hash of its password, a TOTP secret of its own). Each login gets its own account: a TOTP
 * code is accepted once per account, so two specs logging in one shared account in the same 30 s
 * would refuse one of them.
 */
async function newStaffAccount(role: StaffRole) {
  const email = `e2e-${role}-${randomUUID().slice(0, 13)}@staff.test`;
  const totpSecret = await newTotpSecret();
  staffPasswordHash ??= hashPassword(STAFF_PASSWORD);
  await sql("INSERT INTO staff_accounts (email, name, password_hash, totp_secret, role) VALUES ($1, $2, $3, $4, $5)", [
    email,
    `Test ${role}`,
    await staffPasswordHash,
    totpSecret,
    role,
  ]);
  return { email, totpSecret };
}

/**
 * A new staff account of `role` logged in to the console on `origin` with its password and current
 * code, in a browser context of its own (English, 1280 px wide unless `width` says otherwise); ends
 * on the console's first page. `email` is the account's, as the audit log names it.
 */
export async function loggedInStaff(browser: Browser, role: StaffRole, origin: string, { width = 1280 }: { width?: number } = {}) {
  const { email, totpSecret } = await newStaffAccount(role);
  const context = await browser.newContext({ locale: "en-GB", viewport: { width, height: 900 } });
  await context.addCookies([{ name: "lng", value: "en", url: origin }]);
  const page = await context.newPage();
  await page.goto(`${origin}/staff`);
  await expect(page).toHaveURL(/\/staff\/login\?redirectTo=%2Fstaff$/);
  await page.getByLabel("Staff e-mail address").fill(email);
  await page.getByLabel("Password").fill(STAFF_PASSWORD);
  await page.getByLabel("Code from your authenticator app").fill(await currentTotp(totpSecret));
  await page.getByRole("button", { name: "Log in" }).click();
  // marketing has no support pages: its console starts at the campaigns
  await expect(page).toHaveURL(role === "marketing" ? `${origin}/staff/campaigns` : `${origin}/staff`);
  await expect(page.getByRole("banner")).toContainText(`· ${role}`); // who is logged in, as what
  return { page, email };
}

/** Serious and critical axe violations (WCAG 2.0 and 2.1, A and AA) of the page as it is now, or of one part of it: one line each with the first elements. */
export async function seriousAxeViolations(page: Page, only?: string) {
  // legacy mode: axe runs once in the page (these pages have no frames), not again in a second blank page
  const axe = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).setLegacyMode(true);
  const { violations } = await (only ? axe.include(only) : axe).analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `axe ${v.id}: ${v.help} (${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(" "))
          .join("; ")})`,
    );
}
