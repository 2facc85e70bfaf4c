// Prints one closing line, "N passed, N failed[, N skipped]", from the logs of vitest and
// Playwright. The CI runner judges a run by that plain line and reads neither runner's own
// summary, so without it a green run is reported as one that ran no test. The line stands alone,
// without a prefix: "tests: 623 passed, 0 failed" was still recorded as no test.
import { readFileSync } from "node:fs";

const stripAnsi = (text) => text.replace(/\x1b\[[0-9;]*m/g, "");
const count = (line, word) => Number(line.match(new RegExp(`(\\d+) ${word}`))?.[1] ?? 0);

let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of process.argv.slice(2)) {
  const lines = stripAnsi(readFileSync(file, "utf8")).split("\n");
  // vitest: "      Tests  2 failed | 468 passed | 3 skipped (473)"
  const vitest = lines.findLast((line) => /^\s*Tests\s+\d+/.test(line));
  if (vitest) {
    passed += count(vitest, "passed");
    failed += count(vitest, "failed");
    skipped += count(vitest, "skipped");
    continue;
  }
  // Playwright: "  64 passed (20.2m)", preceded by "  2 failed" / "  1 flaky" / "  3 skipped" lines
  const summaryStart = lines.findLastIndex((line) => /^\s*\d+ (passed|failed) \(/.test(line));
  if (summaryStart < 0) {
    console.error(`test-summary: no test summary in ${file}`);
    process.exit(1);
  }
  for (const line of lines.slice(summaryStart)) {
    passed += count(line, "passed") + count(line, "flaky");
    failed += count(line, "failed");
    skipped += count(line, "skipped");
  }
}
if (passed + failed === 0) {
  console.error("test-summary: no test ran");
  process.exit(1);
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
