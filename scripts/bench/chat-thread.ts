// `npm run bench:chat-thread`: a thread of 10,000 messages opens as fast as one of 10.
// Builds (once) a database rendezvous_bench_chat on DATABASE_URL's server (default: the local
// PostgreSQL) with two members and two conversations between different pairs: 10 messages and
// 10,000 messages. Then, alternating between the two so that load on the machine hits both alike:
//   - the thread query at the database (loadThread: newest page, keyset on (conversation_id, created_at, id)),
//   - an older page in the middle of the long thread (the "show older messages" control),
//   - whole GET /chats/{id} requests on one process (production build, signed-in member).
// Prints p50/p95 for each and the ratio long/short. Requires `npm run build` first.
// A thread of 10 shows 10 messages, the others a page of 30: the page of a 100-message thread is
// the like-for-like comparison for whole requests (same HTML), the 10-message one the requested one.
// Options: BENCH_SAMPLES (300), BENCH_REBUILD=1.
import { execFileSync } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import pg from "pg";
import type { ServerBuild } from "react-router";
import { createSession } from "#app/auth/session.server.ts";
import { THREAD_PAGE_SIZE } from "#app/chat/chat-rules.ts";
import { loadThread, parseCursor } from "#app/chat/thread.server.ts";
import { getSiteRegistry, syncSites } from "#app/tenancy/sites.server.ts";
import { getDb } from "#app/utils/db.server.ts";
import { getEnv } from "#app/utils/env.server.ts";
import { seedCompanies } from "#prisma/seed/index.ts";
import { createApp } from "#server/app.ts";
import { withDatabaseName } from "#server/database/databases.ts";
import { applyMigrations } from "#server/database/schema-engine.ts";

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 300);
process.env.LOG_LEVEL ??= "silent";
const LONG = 10_000;
const SHORT = 10;
/** a thread of a few pages: renders as many messages as the long one, so whole pages compare like for like */
const MEDIUM = 100;
const serverUrl = process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const url = withDatabaseName(serverUrl, "rendezvous_bench_chat");

async function sql(connection: string, text: string, values: unknown[] = []) {
  const c = new pg.Client({ connectionString: connection });
  await c.connect();
  try {
    return (await c.query(text, values)).rows;
  } finally {
    await c.end();
  }
}

// ---------- data ----------
const exists = (await sql(serverUrl, "SELECT 1 FROM pg_database WHERE datname = 'rendezvous_bench_chat'")).length > 0;
if (!exists || process.env.BENCH_REBUILD) {
  await sql(serverUrl, "DROP DATABASE IF EXISTS rendezvous_bench_chat WITH (FORCE)");
  await sql(serverUrl, "CREATE DATABASE rendezvous_bench_chat");
}
process.env.DATABASE_URL = url;
await applyMigrations(url);
const db = getDb();
await seedCompanies(db);
await syncSites(db);
const site = getSiteRegistry().byKey.get("lovely")!;

async function profile(n: number) {
  const email = `bench-chat-${n}@bench.invalid`;
  const user = await db.user.upsert({
    where: { siteKey_email: { siteKey: "lovely", email } },
    create: {
      siteKey: "lovely",
      network: site.network,
      email,
      status: "active",
      confirmedAt: new Date(),
      profile: {
        create: {
          siteKey: "lovely",
          network: site.network,
          name: `Bench ${n}`,
          status: "active",
          country: "NL",
          dateOfBirth: new Date("1990-01-01"),
          gender: n % 2 ? "male" : "female",
        },
      },
    },
    update: {},
    include: { profile: true },
  });
  return { userId: user.id, profileId: user.profile!.id };
}
const [me, shortPartner, longPartner, mediumPartner] = await Promise.all([profile(0), profile(1), profile(2), profile(3)]);

async function conversation(partner: number, messages: number) {
  const pair = { lowProfileId: Math.min(me.profileId, partner), highProfileId: Math.max(me.profileId, partner) };
  const existing = await db.conversation.findUnique({ where: { lowProfileId_highProfileId: pair }, include: { _count: { select: { messages: true } } } });
  if (existing && existing._count.messages === messages) return existing.id;
  if (existing) await db.conversation.delete({ where: { id: existing.id } });
  const { id } = await db.conversation.create({
    data: { ...pair, startedById: partner, participants: { create: [{ profileId: me.profileId }, { profileId: partner }] } },
  });
  // one message a minute, alternating senders, ending now
  await sql(
    url,
    `
    INSERT INTO messages (conversation_id, sender_id, body, client_key, created_at)
    SELECT $1::int, CASE WHEN i % 2 = 0 THEN $2::int ELSE $3::int END, 'Message number ' || i || ': how was your day? Mine was lovely, thanks for asking.',
      'bench-' || $1::int || '-' || i, now() - make_interval(mins => $4 - i)
    FROM generate_series(1, $4) AS i`,
    [id, me.profileId, partner, messages],
  );
  await sql(
    url,
    `UPDATE conversations c SET last_message_id = m.id, last_message_at = m.created_at
    FROM (SELECT id, created_at FROM messages WHERE conversation_id = $1 ORDER BY created_at DESC, id DESC LIMIT 1) m WHERE c.id = $1`,
    [id],
  );
  await sql(url, "ANALYZE messages");
  return id;
}
const shortId = await conversation(shortPartner.profileId, SHORT);
const longId = await conversation(longPartner.profileId, LONG);
const mediumId = await conversation(mediumPartner.profileId, MEDIUM);
const [{ total }] = await sql(url, "SELECT count(*)::int AS total FROM messages");
console.log(`messages in rendezvous_bench_chat: ${total} (threads of ${SHORT}, ${MEDIUM} and ${LONG}; page size ${THREAD_PAGE_SIZE})`);

// ---------- measuring ----------
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
async function time(fn: () => Promise<unknown>) {
  const t = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - t) / 1e6;
}
const n = (x: number) => x.toLocaleString("en");

/** Runs the cases round-robin (the order rotating), after a warm-up; prints p50/p95 of each and their ratio to the first. */
async function compare(label: string, cases: [string, () => Promise<unknown>][]) {
  const samples = cases.map(() => [] as number[]);
  for (let i = 0; i < SAMPLES + 20; i++) {
    for (let k = 0; k < cases.length; k++) {
      const c = (i + k) % cases.length;
      const ms = await time(cases[c]![1]);
      if (i >= 20) samples[c]!.push(ms);
    }
  }
  console.log(`${label} (n=${SAMPLES} each)`);
  const [base] = samples;
  cases.forEach(([name], c) => {
    const xs = samples[c]!;
    const ratio = c ? `  ratio to ${cases[0]![0]}: p50 ${(pct(xs, 50) / pct(base!, 50)).toFixed(2)}, p95 ${(pct(xs, 95) / pct(base!, 95)).toFixed(2)}` : "";
    console.log(`  ${name.padEnd(22)} p50 ${pct(xs, 50).toFixed(2).padStart(7)} ms  p95 ${pct(xs, 95).toFixed(2).padStart(7)} ms${ratio}`);
  });
  // the same page of 30 messages from a thread 100 times as long
  const [mid, long] = samples.slice(-2) as [number[], number[]];
  console.log(
    `  ${cases.at(-1)![0]} / ${cases.at(-2)![0]} (same page): p50 ${(pct(long, 50) / pct(mid, 50)).toFixed(2)}, p95 ${(pct(long, 95) / pct(mid, 95)).toFixed(2)}`,
  );
}

const cursorAt = async (conversationId: number, skip: number) => {
  const m = (await db.message.findMany({ where: { conversationId }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], skip, take: 1 }))[0]!;
  return parseCursor(`${m.createdAt.getTime()}.${m.id}`);
};

console.log(`uptime: ${execFileSync("uptime", { encoding: "utf8" }).trim()}`);
await compare("db: open a thread (the newest page)", [
  [`${SHORT} messages`, () => loadThread(site, me.profileId, shortId, null)],
  [`${n(MEDIUM)} messages`, () => loadThread(site, me.profileId, mediumId, null)],
  [`${n(LONG)} messages`, () => loadThread(site, me.profileId, longId, null)],
]);
const [shortCursor, mediumCursor, longCursor] = await Promise.all([cursorAt(shortId, 5), cursorAt(mediumId, 50), cursorAt(longId, LONG / 2)]);
await compare('db: an older page ("show older messages"; 10,000 thread: 5,000 back)', [
  [`${SHORT} messages`, () => loadThread(site, me.profileId, shortId, shortCursor)],
  [`${n(MEDIUM)} messages`, () => loadThread(site, me.profileId, mediumId, mediumCursor)],
  [`${n(LONG)} messages`, () => loadThread(site, me.profileId, longId, longCursor)],
]);
const plan = await sql(
  url,
  `EXPLAIN (ANALYZE, BUFFERS) SELECT id FROM messages WHERE conversation_id = $1 ORDER BY created_at DESC, id DESC LIMIT ${THREAD_PAGE_SIZE + 1}`,
  [longId],
);
console.log("plan, newest page of the long thread:\n  " + plan.map((r) => r["QUERY PLAN"]).join("\n  "));

const env = { ...getEnv(), NODE_ENV: "production" as const, DATABASE_URL: url };
const build = (await import(pathToFileURL(path.resolve("build/server/index.js")).href)) as ServerBuild;
const server = createApp({ env, build }).listen(0, "127.0.0.1");
await new Promise((r) => server.once("listening", r));
const port = (server.address() as AddressInfo).port;
const { token } = await createSession(me.userId, site);
const cookie = `rdv_session=${token}`;
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const get = (p: string) =>
  new Promise<void>((resolve, reject) =>
    http
      .get({ host: "127.0.0.1", port, path: p, agent, headers: { host: "lovely.localhost", "accept-language": "en", cookie } }, (res) => {
        res.resume();
        res.on("end", () => (res.statusCode === 200 ? resolve() : reject(new Error(`${p}: ${res.statusCode}`))));
      })
      .on("error", reject),
  );
await compare("http: GET /chats/{id}, one process", [
  [`${SHORT} messages`, () => get(`/chats/${shortId}`)],
  [`${n(MEDIUM)} messages`, () => get(`/chats/${mediumId}`)],
  [`${n(LONG)} messages`, () => get(`/chats/${longId}`)],
]);
server.close();
agent.destroy();
await db.$disconnect();
process.exit(0);
