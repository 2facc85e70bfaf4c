// The fictional inbox in a real browser: the demo member writes to one of lovely's fictional
// profiles (paid like any message), support finds the conversation waiting in the inbox, answers
// as the profile, and the member reads the answer with their credits unchanged by it.
import { generateTOTP } from "@epic-web/totp";
import pg from "pg";
import { expect, test, type Browser } from "@playwright/test";
import { PORT } from "../../playwright.config.ts";
import { DEMO_STAFF, DEMO_STAFF_PASSWORD } from "../../prisma/seed/staff.ts";
import { logInAsDemoMember } from "./helpers.ts";

const LOVELY = `http://lovely.localhost:${PORT}`;
const DB_URL = `postgresql://rendezvous:rendezvous@127.0.0.1:${process.env.E2E_PG_PORT ?? "54332"}/rendezvous`;
const SHOTS = process.env.SHOTS_DIR;

async function sql<T = Record<string, unknown>>(text: string, values: unknown[] = []) {
  const db = new pg.Client({ connectionString: DB_URL });
  await db.connect();
  try {
    return (await db.query(text, values)).rows as T[];
  } finally {
    await db.end();
  }
}

async function supportPage(browser: Browser, width: number) {
  const account = DEMO_STAFF.find((s) => s.role === "support")!;
  await sql("UPDATE staff_accounts SET totp_last_step = 0 WHERE email = $1", [account.email]);
  await sql("DELETE FROM rate_limits WHERE key LIKE 'staffLogin%'");
  const context = await browser.newContext({ locale: "en-GB", viewport: { width, height: 900 } });
  await context.addCookies([{ name: "lng", value: "en", url: LOVELY }]);
  const page = await context.newPage();
  await page.goto(`${LOVELY}/staff/login`);
  await page.getByLabel("Staff e-mail address").fill(account.email);
  await page.getByLabel("Password").fill(DEMO_STAFF_PASSWORD);
  const { otp } = await generateTOTP({ secret: account.totpSecret, period: 30 });
  await page.getByLabel("Code from your authenticator app").fill(otp);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(`${LOVELY}/staff`);
  return page;
}

test("support answers a member's message to a fictional profile from the fictional inbox", async ({ browser }) => {
  test.setTimeout(120_000);
  const [fictional] = await sql<{ id: number; name: string }>(
    `SELECT p.id, p.name FROM profiles p WHERE p.site_key = 'lovely' AND p.fictional AND p.status = 'active' AND p.gender = 'female'
       AND NOT EXISTS (SELECT 1 FROM conversation_participants cp JOIN conversation_participants o ON o.conversation_id = cp.conversation_id
         JOIN profiles me ON me.id = o.profile_id JOIN users u ON u.id = me.user_id WHERE cp.profile_id = p.id AND u.email = 'member@lovely.localhost')
     ORDER BY p.id LIMIT 1`,
  );
  expect(fictional).toBeTruthy();
  const memberContext = await browser.newContext({ locale: "en-GB" });
  await memberContext.addCookies([{ name: "lng", value: "en", url: LOVELY }]);
  const member = await memberContext.newPage();
  await logInAsDemoMember(member, LOVELY, "lovely.localhost");
  await member.goto(`${LOVELY}/members/${fictional!.id}/chat`);
  // a first message opens the icebreakers: take one, then write our own
  const modal = member.getByRole("dialog", { name: `Break the ice with ${fictional!.name}` });
  await expect(modal).toBeVisible();
  await modal.getByRole("listitem").getByRole("button").first().click();
  await expect(modal).toBeHidden();
  const input = member.getByRole("textbox", { name: "Message", exact: true });
  await input.fill("Hello, is anyone there?");
  await input.press("Enter");
  await expect(member).toHaveURL(/\/chats\/\d+$/);
  const conversationId = Number(/\/chats\/(\d+)$/.exec(member.url())![1]);
  // the balance in the thread's header
  const balance = member.getByRole("banner").getByText(/^\d+ credits?$/);
  const creditsAfterMine = await balance.textContent();

  for (const width of [1280, 390]) {
    const staff = await supportPage(browser, width);
    await staff.getByRole("link", { name: "Fictional inbox" }).click();
    const row = staff
      .getByRole("table")
      .getByRole("row")
      .filter({ has: staff.getByRole("link", { name: `#${conversationId}`, exact: true }) });
    await expect(row).toContainText(width === 1280 ? "Waiting for an answer" : "Answered");
    if (SHOTS) await staff.screenshot({ path: `${SHOTS}/inbox-${width}.png`, fullPage: true });
    await row.getByRole("link", { name: `#${conversationId}` }).click();
    const thread = staff.getByRole("main").getByRole("listitem");
    await expect(thread.filter({ hasText: "Hello, is anyone there?" })).toBeVisible();
    if (width === 1280) {
      await staff.getByLabel(`Reply as ${fictional!.name}`).fill("Hi! I'm here. Tell me about your day.");
      await staff.getByRole("button", { name: "Send reply" }).click();
      await expect(staff.getByText("The reply has been sent.")).toBeVisible();
      await expect(thread.last()).toContainText("Tell me about your day.");
      await expect(staff.getByLabel(`Reply as ${fictional!.name}`)).toHaveValue("");
    }
    if (SHOTS) await staff.screenshot({ path: `${SHOTS}/thread-${width}.png`, fullPage: true });
    await staff.context().close();
  }
  // the member reads the answer; the answer cost them nothing
  await member.reload();
  await expect(member.getByText("Hi! I'm here. Tell me about your day.", { exact: true })).toBeVisible();
  await expect(balance).toHaveText(creditsAfterMine!);
  if (SHOTS) await member.screenshot({ path: `${SHOTS}/member-thread.png`, fullPage: true });
  await memberContext.close();
});
