// The mail retry schedule, computed with BullMQ's own backoff arithmetic from MAIL_JOB_OPTIONS,
// is about a day, and docs/accounts.md says exactly what it is.
import { readFileSync } from "node:fs";
import { Backoffs } from "bullmq";
import { describe, expect, it } from "vitest";
import { MAIL_JOB_OPTIONS } from "./mail-queue.server.ts";

function retryDelays() {
  const delays: number[] = [];
  for (let attemptsMade = 1; attemptsMade < MAIL_JOB_OPTIONS.attempts; attemptsMade++) {
    delays.push(Backoffs.calculate(MAIL_JOB_OPTIONS.backoff, attemptsMade, new Error("451"), undefined as never, undefined) as number);
  }
  return delays;
}

describe("mail retries", () => {
  it("span about a day from the first failure to the last retry", () => {
    const delays = retryDelays();
    const span = delays.reduce((a, b) => a + b, 0);
    expect(delays).toHaveLength(12);
    expect(delays[0]).toBe(21_000);
    expect(span).toBe(85_995_000);
    expect(span).toBeGreaterThan(22 * 3600_000);
    expect(span).toBeLessThan(26 * 3600_000);
  });

  it("are described in docs/accounts.md as configured", () => {
    const delays = retryDelays();
    const minutes = Math.floor(delays.reduce((a, b) => a + b, 0) / 60_000);
    const readme = readFileSync("docs/accounts.md", "utf8").replace(/\s+/g, " ");
    const hours = (ms: number) => `${Math.round(ms / 3600_000)} h`;
    expect(readme).toContain(
      `retries a failed delivery ${delays.length} times with exponential backoff (${delays[0]! / 1000} s, then doubling up to ${hours(delays.at(-1)!)}): the last retry starts ${Math.floor(minutes / 60)} h ${minutes % 60} min after the first failure`,
    );
  });
});
