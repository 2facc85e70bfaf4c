// A Redis that does not answer for 20 s (SIGSTOP: its socket stays open, nothing answers) costs a
// signup, a password reset, an activation resend and an e-mail change no more than 2 s each, the
// change is made, and once Redis answers again every mail they caused arrives once: none lost,
// none twice. The queue runs on a redis-server of this file's own; the mails go through the
// outbox table and its relay (docs/deployment.md, "What an outage of Redis costs").
import { afterAll, describe, expect, it } from "vitest";
import { getLiveBus } from "#app/live/bus.server.ts";
import { getDb } from "#app/utils/db.server.ts";
import { createMember } from "#tests/support/factories.ts";
import { postForm, request, type TestResponse } from "#tests/support/http.ts";
import { loggedInMember } from "#tests/support/logged-in.ts";
import { useEnv, useStarted } from "#tests/support/fixtures.ts";
import { useServerWithMail } from "#tests/support/mail-stack.ts";
import { waitForMail } from "#tests/support/mailbox.ts";
import { hasRedisServer, startPrivateRedis } from "#tests/support/private-redis.ts";
import { CookieJar } from "#tests/support/session.ts";

const OUTAGE_MS = 20_000;
const HOST = "lovely.localhost";
const EN = { "accept-language": "en" };
let n = 0;
const unique = () => `outage${Date.now()}${n++}@example.test`;
const signupFields = (email: string) => ({
  name: `Outage${n}`,
  email,
  password: "correct horse battery",
  date_of_birth: "1990-04-12",
  gender: "female",
  seeking: "male",
});

describe.skipIf(!hasRedisServer)("a Redis that stops answering", () => {
  const redis = useStarted(startPrivateRedis, (r) => r.stop());
  useEnv(() => ({ REDIS_URL: redis.url }));
  const { server, smtp } = useServerWithMail();
  // the live events' Redis connections (the app opened them): closed before this Redis stops
  afterAll(() => getLiveBus().close());

  it("costs each request under 2 s, keeps the change and delivers every mail once afterwards", async () => {
    // while Redis answers: a member who will ask for the activation mail again (signup's own mail
    // arrives, so the queue works), one who changes their address, one who forgot their password
    const resender = signupFields(unique());
    const jar = new CookieJar();
    expect(jar.take(await postForm(server, "/signup", resender, { host: HOST, headers: EN })).status).toBe(302);
    await waitForMail(smtp.received, resender.email);
    const changer = await loggedInMember(server);
    const forgetful = await createMember();
    const joiner = signupFields(unique());
    const newAddress = unique();

    // frozen for 20 s whatever the requests do; they go one after the other meanwhile
    redis.freeze();
    const thawed = new Promise((r) => setTimeout(r, OUTAGE_MS)).then(() => redis.thaw());
    const timed = async (what: string, send: () => Promise<TestResponse>) => {
      const start = performance.now();
      const res = await send();
      return { what, ms: Math.round(performance.now() - start), status: res.status, res };
    };
    const answers: Awaited<ReturnType<typeof timed>>[] = [];
    try {
      for (const ask of [
        () => timed("signup", () => postForm(server, "/signup", joiner, { host: HOST, headers: EN })),
        () => timed("password reset", () => postForm(server, "/reset-password", { email: forgetful.email }, { host: HOST, headers: EN })),
        () =>
          timed("activation resend", () =>
            request(server, "/api/activation-mail", {
              host: HOST,
              method: "POST",
              headers: { ...EN, cookie: jar.header, "content-type": "application/x-www-form-urlencoded" },
              body: "",
            }),
          ),
        () =>
          timed("e-mail change", () =>
            postForm(
              server,
              "/profile/settings",
              { intent: "email", email: newAddress },
              { host: changer.host, headers: { ...EN, cookie: changer.jar.header } },
            ),
          ),
      ])
        answers.push(await ask());
    } finally {
      await thawed;
    }
    console.log(`during the outage: ${answers.map((a) => `${a.what} ${a.status} in ${a.ms} ms`).join(", ")}`);
    for (const a of answers) expect(a.ms, a.what).toBeLessThan(2_000);
    expect(answers.map((a) => [a.what, a.status])).toEqual([
      ["signup", 302],
      ["password reset", 200],
      ["activation resend", 200],
      ["e-mail change", 200],
    ]);
    expect(answers[2]!.res.json()).toEqual({ sent: true });
    const db = getDb();
    const joined = await db.user.findUniqueOrThrow({ where: { siteKey_email: { siteKey: "lovely", email: joiner.email } }, select: { id: true } });
    expect(await db.userToken.count({ where: { userId: joined.id, kind: "activation" } })).toBe(1);
    expect(await db.userToken.count({ where: { userId: forgetful.user.id, kind: "password_reset" } })).toBe(1);
    expect(await db.userToken.count({ where: { userId: changer.user.id, kind: "email_change", newEmail: newAddress } })).toBe(1);

    // Redis answers again: each mail comes, once
    const thawedAt = Date.now();
    const expected = { [joiner.email]: 1, [forgetful.email]: 1, [resender.email]: 2, [newAddress]: 1 };
    const count = (to: string) => smtp.received.filter((m) => m.to.includes(to)).length;
    await expect.poll(() => Object.keys(expected).every((to) => count(to) >= expected[to]!), { timeout: 30_000, interval: 200 }).toBe(true);
    console.log(`all mails arrived ${Date.now() - thawedAt} ms after Redis answered again`);
    await new Promise((r) => setTimeout(r, 3_000)); // nothing comes twice
    expect(Object.fromEntries(Object.keys(expected).map((to) => [to, count(to)]))).toEqual(expected);
    const ids = smtp.received.map((m) => /^Message-ID: (.*)$/im.exec(m.raw)?.[1]);
    expect(new Set(ids).size).toBe(ids.length);
  }, 90_000);
});
