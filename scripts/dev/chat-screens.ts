// Screenshots of the chat screens on every demo site at phone and desktop width, as the demo
// member: the conversation list, a thread, the gift picker, and the icebreaker modal of a new
// conversation. Needs a running server with the demo data (npm start).
// Usage: node --import tsx scripts/dev/chat-screens.ts   (BASE_PORT=3000  SCREENS_DIR=.data/screens)
import { mkdirSync } from "node:fs";
import path from "node:path";
import { chromium, type Page } from "@playwright/test";

const port = Number(process.env.BASE_PORT ?? 3000);
const out = path.resolve(process.env.SCREENS_DIR ?? ".data/screens");
mkdirSync(out, { recursive: true });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});
async function shot(page: Page, name: string, fullPage = false) {
  await page.waitForLoadState("networkidle");
  await page.waitForFunction(() => [...document.images].every((img) => img.complete));
  await page.waitForTimeout(200);
  const file = path.join(out, `${name}.png`);
  await page.screenshot({ path: file, fullPage });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  console.log(`${file}${overflow > 0 ? `  (scrolls sideways by ${overflow} px)` : ""}`);
}
for (const site of ["lovely", "mature", "pride"]) {
  for (const width of [390, 1280]) {
    const context = await browser.newContext({ viewport: { width, height: width < 500 ? 844 : 900 }, locale: "en-GB" });
    const origin = `http://${site}.localhost:${port}`;
    await context.addCookies([{ name: "entry_ok", value: "1", url: origin }]);
    const page = await context.newPage();
    await page.goto(`${origin}/login`);
    await page.locator("input[name=email]").fill(`member@${site}.localhost`);
    await page.locator("input[name=password]").fill("rendezvous-demo");
    await page.locator("form:has(input[name=password]) button[type=submit]").click();
    await page.waitForURL((u) => !u.pathname.startsWith("/login"));

    await page.goto(`${origin}/chats`);
    await shot(page, `${site}-${width}-chats`, true);
    const first = page.getByTestId("chat-entry").nth(1);
    await first.getByRole("link").click();
    await page.waitForURL(/\/chats\/\d+/);
    await shot(page, `${site}-${width}-thread`);
    await page.getByTestId("chat-gift-open").click();
    await shot(page, `${site}-${width}-gift-picker`);

    // a profile from the search without a conversation yet: the icebreaker modal
    await page.goto(`${origin}/members`);
    const ids = await page.getByTestId("profile-card").evaluateAll((cards) => cards.map((c) => c.getAttribute("data-profile-id")));
    for (const id of ids.slice(8)) {
      await page.goto(`${origin}/members/${id}/chat`);
      if (new URL(page.url()).pathname.endsWith("/chat")) break;
    }
    await page.getByTestId("icebreaker-modal").waitFor();
    await shot(page, `${site}-${width}-icebreakers`);
    await context.close();
  }
}
await browser.close();
