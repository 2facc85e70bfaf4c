// Every screen of every demo site at 360, 390, 768 and 1280 px, logged out and logged in: no
// sideways scrolling, no header item cut off or squeezed to nothing, no untranslated key, one main
// landmark, no console error, and at 390 and 1280 px no serious or critical accessibility
// violation (axe, WCAG 2.1 A and AA). A screenshot of each lands in test-results/screens/.
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { PORT } from "../../playwright.config.ts";
import { logInAsDemoMember, seriousAxeViolations } from "./helpers.ts";

const SITES = ["lovely", "mature", "pride"] as const;
// Each screen is loaded at the phone's or the desktop's width, checked there with axe as well,
// then narrowed or widened on the spot to a width that only reflows the same elements (a phone
// turned, a window resized) and checked again: axe, a page load and a login cost more than the
// rest of a screen's checks together, and a walk per width took a third of the browser suite.
const WIDTHS = [
  { load: 390, also: 360 },
  { load: 1280, also: 768 },
];
const SCREENS = "test-results/screens";
const NAMESPACES = Object.keys(JSON.parse(readFileSync("app/locales/en/common.json", "utf8")) as object);

const VISITOR_ROUTES = [
  "/",
  "/members",
  "/login",
  "/signup",
  "/reset-password",
  "/pricing",
  "/premium",
  "/pages/terms",
  "/complaints",
  "/lang-config",
  "/no-such-page",
];
const MEMBER_ROUTES = [
  "/",
  "/members",
  "{profile}",
  "/profile",
  "/profile/settings",
  "/notifications",
  "/likes",
  "/likes/received",
  "/chats",
  "/swipe-game",
  "/match-finder",
  "/pricing",
  "/premium",
  "/credits",
  "/transactions",
  "/no-such-page",
];

/** Two frames: what the page's own resize and media-query listeners change is drawn by then. */
const afterResize = (page: Page) => page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

interface Finding {
  route: string;
  width: number;
  problem: string;
}

/** What a person would see as broken on this page at this width. */
async function inspect(page: Page, namespaces: string[]) {
  return page.evaluate((namespaces) => {
    const problems: string[] = [];
    const vw = document.documentElement.clientWidth;
    const over = document.documentElement.scrollWidth - vw;
    if (over > 0) {
      const wide = [...document.querySelectorAll("body *")].filter((el) => el.getBoundingClientRect().right > vw + 1).slice(-2);
      problems.push(`scrolls sideways by ${over} px (${wide.map((el) => `<${el.tagName.toLowerCase()} class="${el.className}">`).join(", ")})`);
    }
    for (const el of document.querySelectorAll("header a, header button, header summary, header img, header select")) {
      if (!el.checkVisibility()) continue;
      const box = el.getBoundingClientRect();
      if (box.width < 2 || box.left < -1 || box.right > vw + 1) problems.push(`header item cut off: ${el.outerHTML.slice(0, 100)}`);
    }
    const keys = document.body.innerText.match(new RegExp(`\\b(${namespaces.join("|")})\\.[a-z][A-Za-z]+\\b`, "g"));
    if (keys) problems.push(`untranslated: ${[...new Set(keys)].join(", ")}`);
    const mains = [...document.querySelectorAll('main, [role="main"]')].filter((el) => el.checkVisibility()).length;
    if (mains !== 1) problems.push(`${mains} main landmarks`);
    return problems;
  }, namespaces);
}

// each site, role and width is its own test, so the two workers share them
test.describe.configure({ mode: "parallel" });

for (const site of SITES) {
  for (const who of ["visitor", "member"] as const) {
    for (const { load, also } of WIDTHS) {
      test(`${site}, ${who}, ${load} and ${also} px: every screen fits, translated, accessible, without console errors`, async ({ browser }) => {
        test.setTimeout(240_000);
        const origin = `http://${site}.localhost:${PORT}`;
        const context = await browser.newContext({ viewport: { width: load, height: 900 } });
        // the 18+ warning is confirmed, as a returning visitor would have
        await context.addCookies([{ name: "entry_ok", value: "1", url: origin }]);
        const page = await context.newPage();
        const errors: string[] = [];
        page.on("pageerror", (e) => errors.push(`${page.url()}: ${e.message}`));
        page.on("console", (m) => {
          if (m.type() === "error" && !/status of 404/.test(m.text())) errors.push(`${page.url()}: ${m.text()}`);
        });
        if (who === "member") await logInAsDemoMember(page, origin, `${site}.localhost`);
        let profile: string | null = null;
        if (who === "member") {
          await page.goto(`${origin}/members`);
          profile = await page.locator('main a[href^="/members/"]').first().getAttribute("href");
        }
        const routes = (who === "member" ? MEMBER_ROUTES : VISITOR_ROUTES).map((r) => (r === "{profile}" ? (profile ?? "/members") : r));
        const findings: Finding[] = [];
        mkdirSync(SCREENS, { recursive: true });
        const screenshot = (route: string, width: number) =>
          page.screenshot({ path: path.join(SCREENS, `${site}-${who}-${width}${route.replace(/[^a-z0-9]+/gi, "_")}.png`) });
        for (const route of routes) {
          await page.setViewportSize({ width: load, height: 900 });
          await page.goto(`${origin}${route}`);
          await page.waitForLoadState("load");
          for (const problem of await inspect(page, NAMESPACES)) findings.push({ route, width: load, problem });
          for (const problem of await seriousAxeViolations(page)) findings.push({ route, width: load, problem });
          await screenshot(route, load);
          await page.setViewportSize({ width: also, height: 900 });
          await afterResize(page);
          for (const problem of await inspect(page, NAMESPACES)) findings.push({ route, width: also, problem });
          await screenshot(route, also);
        }
        expect(findings, findings.map((f) => `${f.width} px ${f.route}: ${f.problem}`).join("\n")).toEqual([]);
        expect(errors).toEqual([]);
        await context.close();
      });
    }
  }
}
