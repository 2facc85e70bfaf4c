// `npm run bench:vitals`: what a phone's browser sees of the production build. For each
// demo site the home page and /members, logged out and as the site's demo member, are opened in
// Chromium at 390×844 (a fresh browser context each time: nothing cached), 3 loads each. Per page
// the median of: largest contentful paint, cumulative layout shift (the largest 1 s / 5 s session
// window, as Chrome counts it) and the JavaScript bytes transferred (resource timing: what came over
// the wire, compressed, with headers) beside their decoded size.
// Targets on loopback: LCP < 1500 ms, CLS < 0.05. Run `npm run build` first.
//
// Options: BENCH_LOADS (3), BENCH_PORT (3431: app 3431, embedded PostgreSQL 3432),
// BENCH_SETTLE_MS (1500: how long after `load` shifts and paints are still counted),
// CHROMIUM (/usr/bin/chromium).
import os from "node:os";
import { readFileSync } from "node:fs";
import { chromium, type Browser } from "@playwright/test";
import { assertFree, logInDemoMember, startApp } from "./support/app-server.ts";

const LOADS = Number(process.env.BENCH_LOADS ?? 3);
const PORT = Number(process.env.BENCH_PORT ?? 3431);
const SETTLE_MS = Number(process.env.BENCH_SETTLE_MS ?? 1500);
const HOSTS = ["lovely.localhost", "mature.localhost", "pride.localhost"];
const TARGET = { lcpMs: 1500, cls: 0.05 };
const VIEWPORT = { width: 390, height: 844 };

type Cookie = { name: string; value: string };
interface Sample {
  lcpMs: number;
  lcpElement: string;
  cls: number;
  jsBytes: number;
  jsDecoded: number;
}

// runs in the page before its own scripts (a string: tsx's helpers would not exist in the page);
// buffered: entries from before the observer count too
const OBSERVE_VITALS = `
  const vitals = { lcp: 0, lcpElement: "", cls: 0 };
  window.__vitals = vitals;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      vitals.lcp = e.startTime;
      const marked = e.element && e.element.closest("[data-testid]");
      vitals.lcpElement = e.element ? e.element.tagName.toLowerCase() + (marked ? " in " + marked.getAttribute("data-testid") : "") : "?";
    }
  }).observe({ type: "largest-contentful-paint", buffered: true });
  let session = { sum: 0, first: 0, last: 0 };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.hadRecentInput) continue;
      const fits = session.sum > 0 && e.startTime - session.last < 1000 && e.startTime - session.first < 5000;
      session = fits ? { sum: session.sum + e.value, first: session.first, last: e.startTime } : { sum: e.value, first: e.startTime, last: e.startTime };
      vitals.cls = Math.max(vitals.cls, session.sum);
    }
  }).observe({ type: "layout-shift", buffered: true });
`;

async function measure(browser: Browser, url: string, cookies: Cookie[] | null): Promise<Sample> {
  const context = await browser.newContext({ viewport: VIEWPORT, locale: "en-GB" });
  try {
    if (cookies) await context.addCookies(cookies.map((c) => ({ ...c, url })));
    await context.addInitScript({ content: OBSERVE_VITALS });
    const page = await context.newPage();
    const res = await page.goto(url, { waitUntil: "load" });
    if (!res || res.status() !== 200) throw new Error(`${url}: ${res?.status()}`);
    await page.waitForTimeout(SETTLE_MS);
    return await page.evaluate(() => {
      const v = (window as unknown as { __vitals: { lcp: number; lcpElement: string; cls: number } }).__vitals;
      const js = (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).filter((r) => new URL(r.name).pathname.endsWith(".js"));
      return {
        lcpMs: v.lcp,
        lcpElement: v.lcpElement,
        cls: v.cls,
        jsBytes: js.reduce((n, r) => n + r.transferSize, 0),
        jsDecoded: js.reduce((n, r) => n + r.decodedBodySize, 0),
      };
    });
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

await assertFree(PORT);
await assertFree(PORT + 1);
console.log("starting the production build on the embedded database (the first start seeds the demo sites)…");
const app = await startApp({ port: PORT, dataDir: ".data/bench-vitals", host: HOSTS[0]! });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  // the sites' hosts to the app's loopback address, whatever the resolver makes of *.localhost
  args: ["--no-sandbox", "--disable-gpu", "--host-resolver-rules=MAP *.localhost 127.0.0.1"],
});
const chromiumVersion = browser.version();

interface Row {
  host: string;
  path: string;
  who: string;
  lcpMs: number;
  lcpElement: string;
  cls: number;
  jsBytes: number;
  jsDecoded: number;
}
const rows: Row[] = [];
try {
  for (const host of HOSTS) {
    const member = await logInDemoMember(app.url, host);
    const pages: { path: string; who: string; cookies: Cookie[] | null }[] = [
      { path: "/", who: "visitor", cookies: null },
      { path: "/members", who: "visitor", cookies: null },
      // a member's home is /members (the home page redirects there)
      { path: "/members", who: "member", cookies: member },
    ];
    for (const p of pages) {
      const url = `http://${host}:${PORT}${p.path}`;
      const samples: Sample[] = [];
      // one load first: the server's own caches (site, counts) warm, as on a running site
      await measure(browser, url, p.cookies);
      for (let i = 0; i < LOADS; i++) samples.push(await measure(browser, url, p.cookies));
      const lcpMs = median(samples.map((s) => s.lcpMs));
      rows.push({
        host,
        path: p.path,
        who: p.who,
        lcpMs,
        lcpElement: samples.find((s) => s.lcpMs === lcpMs)!.lcpElement,
        cls: median(samples.map((s) => s.cls)),
        jsBytes: median(samples.map((s) => s.jsBytes)),
        jsDecoded: median(samples.map((s) => s.jsDecoded)),
      });
      console.log(
        `${host}${p.path} (${p.who}): LCP ${samples.map((s) => s.lcpMs.toFixed(0)).join("/")} ms, CLS ${samples.map((s) => s.cls.toFixed(3)).join("/")}`,
      );
    }
  }
} finally {
  await browser.close();
  await app.stop();
}

const load = readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
const ok = (pass: boolean) => (pass ? "yes" : "**no**");
console.log(
  `\nbench:vitals, ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC, ${os.cpus().length} cores, load ${load}, Chromium ${chromiumVersion} at ${VIEWPORT.width}×${VIEWPORT.height}, median of ${LOADS} cold loads`,
);
console.log(`| page | LCP ms (< ${TARGET.lcpMs}) | LCP element | CLS (< ${TARGET.cls}) | JS transferred | JS decoded | targets met |`);
console.log("|---|---|---|---|---|---|---|");
for (const r of rows) {
  console.log(
    `| ${r.host}${r.path} (${r.who}) | ${r.lcpMs.toFixed(0)} | ${r.lcpElement} | ${r.cls.toFixed(3)} | ${(r.jsBytes / 1024).toFixed(1)} KB | ${(r.jsDecoded / 1024).toFixed(1)} KB | ${ok(r.lcpMs < TARGET.lcpMs && r.cls < TARGET.cls)} |`,
  );
}
process.exit(0);
