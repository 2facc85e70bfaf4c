// Screenshots of pages on every demo site at phone and desktop width, to look at what a change
// did. Needs a running server (npm start); writes PNGs to SCREENS_DIR (default .data/screens).
// Usage: node --import tsx scripts/dev/screens.ts [--member] /path [/path …]
//   BASE_PORT=3000  SCREENS_DIR=.data/screens
import { mkdirSync } from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";

const args = process.argv.slice(2);
const member = args.includes("--member");
const paths = args.filter((a) => a !== "--member");
const port = Number(process.env.BASE_PORT ?? 3000);
const out = path.resolve(process.env.SCREENS_DIR ?? ".data/screens");
const sites = ["lovely", "mature", "pride"];
const widths = [390, 1280];
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
for (const site of sites) {
  for (const width of widths) {
    const context = await browser.newContext({ viewport: { width, height: 900 }, locale: "en-GB" });
    const origin = `http://${site}.localhost:${port}`;
    // the 18+ warning is confirmed once, as a returning visitor would have
    await context.addCookies([{ name: "entry_ok", value: "1", url: origin }]);
    const page = await context.newPage();
    if (member) {
      await page.goto(`${origin}/login`);
      // by field name: the sites speak different languages
      await page.locator('main input[name="email"]').fill(`member@${site}.localhost`);
      await page.locator('main input[name="password"]').fill("rendezvous-demo");
      await page.locator('main button[type="submit"]').first().click();
      await page.waitForURL((u) => !u.pathname.startsWith("/login"));
    }
    for (const p of paths) {
      await page.goto(`${origin}${p}`);
      await page.waitForLoadState("networkidle");
      const file = path.join(out, `${site}-${width}${p.replace(/[^a-z0-9]+/gi, "_")}.png`);
      await page.screenshot({ path: file, fullPage: true });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      console.log(`${file}${overflow > 0 ? `  (scrolls sideways by ${overflow} px)` : ""}`);
    }
    await context.close();
  }
}
await browser.close();
