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
  const modal = member.getByTestId("icebreaker-modal");
  await expect(modal).toBeVisible();
  await modal.getByTestId("icebreaker-line").first().click();
  await expect(modal).toBeHidden();
  await member.getByTestId("chat-input").fill("Hello, is anyone there?");
  await member.getByTestId("chat-input").press("Enter");
  await expect(member).toHaveURL(/\/chats\/\d+$/);
  const conversationId = Number(/\/chats\/(\d+)$/.exec(member.url())![1]);
  const creditsAfterMine = await member.getByTestId("chat-credits").textContent();

  for (const width of [1280, 390]) {
    const staff = await supportPage(browser, width);
    await staff.getByRole("link", { name: "Fictional inbox" }).click();
    const row = staff.getByTestId("fictional-inbox").locator("tr", { hasText: `#${conversationId}` });
    await expect(row).toContainText(width === 1280 ? "Waiting for an answer" : "Answered");
    if (SHOTS) await staff.screenshot({ path: `${SHOTS}/inbox-${width}.png`, fullPage: true });
    await row.getByRole("link", { name: `#${conversationId}` }).click();
    await expect(staff.getByTestId("fictional-thread")).toContainText("Hello, is anyone there?");
    if (width === 1280) {
      await staff.getByLabel(`Reply as ${fictional!.name}`).fill("Hi! I'm here. Tell me about your day.");
      await staff.getByTestId("fictional-send").click();
      await expect(staff.getByText("The reply has been sent.")).toBeVisible();
      await expect(staff.getByTestId("fictional-thread")).toContainText("Tell me about your day.");
      await expect(staff.getByLabel(`Reply as ${fictional!.name}`)).toHaveValue("");
    }
    if (SHOTS) await staff.screenshot({ path: `${SHOTS}/thread-${width}.png`, fullPage: true });
    await staff.context().close();
  }
  // the member reads the answer; the answer cost them nothing
  await member.reload();
  await expect(member.getByTestId("chat-message").last()).toContainText("Tell me about your day.");
  await expect(member.getByTestId("chat-credits")).toHaveText(creditsAfterMine!);
  if (SHOTS) await member.screenshot({ path: `${SHOTS}/member-thread.png`, fullPage: true });
  await memberContext.close();
});
