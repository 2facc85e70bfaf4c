// `npm run bench:payments-webhooks`: a webhook storm on one app process. 100 members each order
// a package with the test provider (pending payments); then 500 signed webhooks (5 per payment)
// arrive in shuffled order, BENCH_CONCURRENCY at a time, and each payment is marked paid at the
// provider only somewhere between its copies: the early copies find it open (nothing happens),
// the later ones are duplicates. Prints the storm's wall time and per-webhook latency, and
// asserts that every payment was completed and credited exactly once (one ledger row, the
// member's balance equal to the package's credits, premium set).
// Builds rendezvous_bench_payments afresh on DATABASE_URL's server. Requires `npm run build` first.
// Options: BENCH_PAYMENTS (100), BENCH_COPIES (5), BENCH_CONCURRENCY (16).
import { spawn } from "node:child_process";
import http from "node:http";
import { loadavg } from "node:os";
import { startCheckout } from "#app/payments/checkout.server.ts";
import { signTestWebhook, TEST_SIGNATURE_HEADER } from "#app/payments/providers/test.server.ts";
import { getSiteRegistry, syncSites } from "#app/tenancy/sites.server.ts";
import { getDb } from "#app/utils/db.server.ts";
import { setDatabaseUrl } from "#app/utils/env.server.ts";
import { seedCreditPackages } from "#prisma/seed/credit-packages.ts";
import { seedCompanies } from "#prisma/seed/index.ts";
import { withDatabaseName } from "#server/database/databases.ts";
import { applyMigrations } from "#server/database/schema-engine.ts";
import { sql } from "./support/sql.ts";

const PAYMENTS = Number(process.env.BENCH_PAYMENTS ?? 100);
const COPIES = Number(process.env.BENCH_COPIES ?? 5);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
process.env.LOG_LEVEL ??= "silent";
process.env.APP_SECRET ??= "bench-secret-0123456789-0123456789";
const serverUrl = process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const NAME = "rendezvous_bench_payments";
const url = withDatabaseName(serverUrl, NAME);

// ---------- a fresh database: 100 members on lovely, one pending payment each ----------
await sql(serverUrl, `DROP DATABASE IF EXISTS ${NAME} WITH (FORCE)`);
await sql(serverUrl, `CREATE DATABASE ${NAME}`);
process.env.DATABASE_URL = url;
setDatabaseUrl(url);
await applyMigrations(url);
const db = getDb();
await seedCompanies(db);
await syncSites(db);
await seedCreditPackages(db);
const site = getSiteRegistry().byKey.get("lovely")!;
await sql(
  url,
  `
  INSERT INTO users (site_key, network, email, status, confirmed_at, updated_at)
  SELECT 'lovely', '${site.network}', 'bench-pay-' || i || '@bench.invalid', 'active', now(), now() FROM generate_series(1, ${PAYMENTS}) AS i`,
);
const users = await db.user.findMany({ where: { email: { startsWith: "bench-pay-" } }, select: { id: true }, orderBy: { id: "asc" } });
const packages = await db.creditPackage.findMany({ where: { siteKey: "lovely", country: "NL" }, orderBy: { position: "asc" } });
const payments: { id: number; userId: number; credits: number; reference: string }[] = [];
for (const [i, user] of users.entries()) {
  const pkg = packages[i % packages.length]!;
  const answer = await startCheckout(db, {
    site,
    userId: user.id,
    packageId: pkg.id,
    method: "ideal",
    country: "NL",
    locale: "en",
    origin: "http://lovely.localhost",
    idempotencyKey: `bench-${user.id}-order`,
  });
  if (!answer.ok) throw new Error(`checkout refused: ${answer.error}`);
  const p = await db.payment.findUniqueOrThrow({ where: { id: answer.paymentId } });
  payments.push({ id: p.id, userId: user.id, credits: p.credits, reference: p.providerReference! });
}

// ---------- the storm: 5 copies per payment, shuffled; paid at the provider between copies ----------
type Shot = { payment: (typeof payments)[number]; copy: number; payFirst: boolean };
const shots: Shot[] = [];
for (const payment of payments) {
  const paidBefore = Math.floor(Math.random() * (COPIES - 1)); // copies before this one find it open
  for (let copy = 0; copy < COPIES; copy++) shots.push({ payment, copy, payFirst: copy === paidBefore });
}
for (let i = shots.length - 1; i > 0; i--) {
  const j = Math.floor(Math.random() * (i + 1));
  [shots[i], shots[j]] = [shots[j]!, shots[i]!];
}
// a payment's "pay" moment must precede at least one of its copies: move the paying shot before the payment's last copy
const lastIndex = new Map<number, number>();
shots.forEach((s, i) => lastIndex.set(s.payment.id, i));
for (const [i, s] of shots.entries()) {
  if (s.payFirst && i > lastIndex.get(s.payment.id)!) {
    const last = lastIndex.get(s.payment.id)!;
    shots[i] = shots[last]!;
    shots[last] = s;
    shots[i]!.payFirst = false;
    s.payFirst = true;
  }
}
const hooks = await db.testProviderPayment.findMany({
  where: { reference: { in: payments.map((p) => p.reference) } },
  select: { reference: true, webhookUrl: true },
});
const urlOf = new Map(hooks.map((h) => [h.reference, h.webhookUrl]));

const app = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
  env: {
    ...process.env,
    NODE_ENV: "production",
    PORT: "0",
    WORKER_IN_PROCESS: "0",
    SEED_DEMO: "0",
    LOG_LEVEL: "silent",
    REDIS_URL: process.env.REDIS_URL ?? "",
  },
  stdio: ["ignore", "pipe", "inherit"],
});
const port = await new Promise<number>((resolve) => {
  let out = "";
  app.stdout!.on("data", (c) => {
    out += c;
    const m = /Rendezvous on http:\/\/localhost:(\d+)/.exec(out);
    if (m) resolve(Number(m[1]));
  });
});
const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });

function post(shot: Shot) {
  const signed = signTestWebhook(urlOf.get(shot.payment.reference)!, shot.payment.reference);
  const u = new URL(signed.url);
  return new Promise<{ status: number; ms: number; outcome: string }>((resolve, reject) => {
    const started = process.hrtime.bigint();
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        path: u.pathname + u.search,
        method: "POST",
        agent,
        headers: {
          host: "lovely.localhost",
          "content-type": "application/x-www-form-urlencoded",
          "content-length": Buffer.byteLength(signed.body),
          [TEST_SIGNATURE_HEADER]: signed.signature,
        },
      },
      (res) => {
        let body = "";
        res.on("data", (c) => (body += c));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            ms: Number(process.hrtime.bigint() - started) / 1e6,
            outcome: (JSON.parse(body) as { outcome: string }).outcome,
          }),
        );
      },
    );
    req.on("error", reject);
    req.end(signed.body);
  });
}

// warm-up: a few refused webhooks (bad signature) so the first real ones do not pay for JIT and connections
for (let i = 0; i < 20; i++)
  await new Promise<void>((resolve) => {
    const r = http.request(
      {
        host: "127.0.0.1",
        port,
        path: "/api/payments/webhook/test?payment=1&sig=0",
        method: "POST",
        agent,
        headers: { host: "lovely.localhost", "content-type": "application/x-www-form-urlencoded" },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve());
      },
    );
    r.end("id=tp_x");
  });

const samples: number[] = [];
const outcomes = new Map<string, number>();
let next = 0;
const started = Date.now();
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    while (next < shots.length) {
      const shot = shots[next++]!;
      // the member decides on the provider's page now (the provider's own books)
      if (shot.payFirst) await db.testProviderPayment.update({ where: { reference: shot.payment.reference }, data: { status: "paid" } });
      const r = await post(shot);
      if (r.status !== 200) throw new Error(`webhook answered ${r.status}`);
      samples.push(r.ms);
      outcomes.set(r.outcome, (outcomes.get(r.outcome) ?? 0) + 1);
    }
  }),
);
const seconds = (Date.now() - started) / 1000;

// ---------- every payment credited exactly once ----------
const rows = await db.payment.findMany({
  where: { id: { in: payments.map((p) => p.id) } },
  select: { id: true, status: true, credits: true, user: { select: { credits: true, paidUser: true } } },
});
const ledger = await db.creditLedgerEntry.groupBy({
  by: ["idempotencyKey"],
  where: { idempotencyKey: { in: payments.map((p) => `payment:${p.id}`) } },
  _count: true,
});
const failures: string[] = [];
for (const p of rows) {
  if (p.status !== "completed") failures.push(`payment ${p.id} is ${p.status}`);
  if (p.user.credits !== p.credits) failures.push(`payment ${p.id}: balance ${p.user.credits}, expected ${p.credits}`);
  if (!p.user.paidUser) failures.push(`payment ${p.id}: member not premium`);
}
if (ledger.length !== payments.length || ledger.some((l) => l._count !== 1))
  failures.push(`ledger rows: ${ledger.length} keys, counts ${[...new Set(ledger.map((l) => l._count))].join(",")}`);

const sorted = samples.sort((a, b) => a - b);
const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!.toFixed(1);
console.log(
  `\nwebhook storm: ${shots.length} webhooks for ${payments.length} payments (${COPIES} each, shuffled, paid between copies), concurrency ${CONCURRENCY}, one app process, load average ${loadavg()
    .map((x) => x.toFixed(2))
    .join(" ")}`,
);
console.log(`| wall time | webhooks/s | p50 | p95 | p99 | outcomes |`);
console.log(`|---|---|---|---|---|---|`);
console.log(
  `| ${seconds.toFixed(2)} s | ${(shots.length / seconds).toFixed(0)} | ${pct(50)} ms | ${pct(95)} ms | ${pct(99)} ms | ${[...outcomes].map(([k, v]) => `${k} ${v}`).join(", ")} |`,
);
console.log(
  failures.length
    ? `FAILED:\n  ${failures.slice(0, 20).join("\n  ")}`
    : `every payment completed and credited exactly once (${payments.length} ledger rows, ${outcomes.get("completed") ?? 0} completions)`,
);
app.kill("SIGTERM");
agent.destroy();
await db.$disconnect();
process.exit(failures.length ? 1 : 0);
