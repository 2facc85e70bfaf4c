// Web push end to end with real parts: the app over HTTP (subscription, page-hidden beacon,
// service worker, manifest), the real queue and worker, web-push, and a push service on a
// loopback port that checks VAPID and decrypts what it received (tests/support/push-service.ts).
import { Script } from "node:vm";
import sharp from "sharp";
import webPush from "web-push";
import { describe, expect, it } from "vitest";
import { getDb } from "#app/utils/db.server.ts";
import { getQueue, QUEUE_NAMES } from "#app/queue/queues.server.ts";
import { changeCredits } from "#app/credits/ledger.server.ts";
import { sendMessage } from "#app/chat/send.server.ts";
import { like } from "#app/likes/likes.server.ts";
import { getSiteRegistry } from "#app/tenancy/sites.server.ts";
import { enqueuePush, pushJobId, runPushNotify, type PushJob } from "#app/notifications/push.server.ts";
import { postForm, request } from "#tests/support/http.ts";
import { CookieJar } from "#tests/support/session.ts";
import { createMember, type MemberOptions } from "#tests/support/factories.ts";
import { startPushService, waitForPush } from "#tests/support/push-service.ts";
import { logIn } from "#tests/support/logged-in.ts";
import { useEnv, useStarted, useTestServer, useWorkers } from "#tests/support/fixtures.ts";

const push = useStarted(startPushService, (service) => service.close());
const vapid = webPush.generateVAPIDKeys();
useEnv({
  VAPID_PUBLIC_KEY: vapid.publicKey,
  VAPID_PRIVATE_KEY: vapid.privateKey,
  VAPID_SUBJECT: "mailto:push-test@example.test",
  NOTIFICATION_QUIET_HOURS: "0-0",
  // the local push service stands in for the browsers' ones
  PUSH_ENDPOINT_HOSTS: "127.0.0.1",
});
const server = useTestServer();
// the links in pushes sent outside a request lead to this server
useEnv(() => ({ PUBLIC_PORT: String(server.port) }));
useWorkers();
let n = 0;

const site = (key: string) => getSiteRegistry().byKey.get(key)!;
const host = (key: string) => `${key}.localhost`;

async function member(o: MemberOptions & { language?: string; credits?: number } = {}) {
  const m = await createMember({ name: `Pusher${n++}`, ...o });
  await getDb().user.update({ where: { id: m.user.id }, data: { language: o.language ?? null } });
  if (o.credits) await changeCredits(getDb(), { userId: m.user.id, delta: o.credits, reason: "adjustment", idempotencyKey: `push-credits-${m.user.id}` });
  return m;
}

/** The browser's part: subscribe this device and store it with POST /api/user.php?push=1. */
async function subscribeDevice(jar: CookieJar, siteKey = "lovely", status = 201) {
  const sub = push.subscribe(status);
  const res = await request(server, "/api/user.php?push=1", {
    host: host(siteKey),
    method: "POST",
    headers: { cookie: jar.header, "content-type": "application/json", "x-request-type": "push" },
    body: JSON.stringify({ subscription: { endpoint: sub.endpoint, expirationTime: null, keys: sub.keys } }),
  });
  expect(res.status, res.body).toBe(200);
  return sub;
}

const pageHidden = (jar: CookieJar, siteKey = "lovely") =>
  request(server, "/api/page-hidden.php", {
    host: host(siteKey),
    method: "POST",
    headers: { cookie: jar.header, "content-type": "application/json" },
    body: "{}",
  });

const text = (s: { user: { id: number }; profile: { id: number } }, to: { profile: { id: number } }, siteKey = "lovely", body = "Hej!") =>
  sendMessage(
    site(siteKey),
    { userId: s.user.id, profileId: s.profile.id, paidUser: true },
    { profileId: to.profile.id },
    { kind: "text", body },
    `push-${Date.now()}-${n++}`,
  );

describe("the public key and the service worker", () => {
  it("puts the deployment's VAPID key in the settings object", async () => {
    const res = await request(server, "/api/settings.php", { host: host("lovely") });
    expect(res.json().settings.push_public_key).toBe(vapid.publicKey);
  });

  it("serves service worker version 2 at /sw.js for scope / in the site's name", async () => {
    const res = await request(server, "/sw.js", { host: host("mature") });
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/javascript/);
    expect(res.headers["service-worker-allowed"]).toBe("/");
    expect(res.body).toContain("const VERSION = 2;");
    expect(res.body).toContain('"name":"Mature Moments"');
    for (const event of ["push", "notificationclick", "install", "activate"]) expect(res.body).toContain(`addEventListener("${event}"`);
    // a script a browser can run, strict from its first statement
    expect(() => new Script(res.body)).not.toThrow();
    expect(res.body.split("\n")[1]).toBe('"use strict";');
  });
});

describe("the page-hidden beacon", () => {
  it("records that the member's page is hidden; only for members, only an empty JSON object", async () => {
    const m = await member();
    expect((await pageHidden(new CookieJar())).status).toBe(403);
    const jar = await logIn(server, m.user.email, host("lovely"));
    const bad = await request(server, "/api/page-hidden.php", {
      host: host("lovely"),
      method: "POST",
      headers: { cookie: jar.header, "content-type": "application/json" },
      body: '{"x":1}',
    });
    expect(bad.status).toBe(400);
    expect((await getDb().user.findUniqueOrThrow({ where: { id: m.user.id } })).pageHiddenAt).toBeNull();
    expect((await pageHidden(jar)).status).toBe(204);
    expect((await getDb().user.findUniqueOrThrow({ where: { id: m.user.id } })).pageHiddenAt).toBeInstanceOf(Date);
  });
});

describe("pushes of new messages, likes and matches", () => {
  it("pushes a new message to every device of the recipient, encrypted, in their language and brand, linking to the chat", async () => {
    const sender = await member({ gender: "male", seeking: "female", paidUser: true, credits: 500 });
    const recipient = await member({ gender: "female", seeking: "male", language: "nl" });
    const jar = await logIn(server, recipient.user.email, host("lovely"));
    const phone = await subscribeDevice(jar);
    const laptop = await subscribeDevice(jar);
    expect(await getDb().pushSubscription.count({ where: { userId: recipient.user.id } })).toBe(2);
    expect((await pageHidden(jar)).status).toBe(204);

    const sent = await text(sender, recipient);
    if (!sent.ok) throw new Error("message not sent");
    for (const device of [phone, laptop]) {
      const [received] = await waitForPush(push, device.id);
      expect(received!.payload).toMatchObject({
        title: `${sender.profile.name} is een gesprek met je begonnen`,
        body: `${sender.profile.name} wil je graag leren kennen op Lovely Dates. Tik om het eerste bericht te lezen.`,
        url: `http://lovely.localhost:${server.port}/chats/${sent.conversationId}`,
        icon: `http://lovely.localhost:${server.port}/app-icon/192.png`,
        kind: "newConversation",
      });
      expect(received!.vapidKey).toBe(vapid.publicKey);
      expect(received!.audience).toBe(`https://127.0.0.1:${push.port}`);
      expect(received!.urgency).toBe("high");
    }

    // the next message of the conversation is a "new message"
    await text(sender, recipient, "lovely", "Alles goed?");
    const [, second] = await waitForPush(push, phone.id, 2);
    expect(second!.payload).toMatchObject({ title: `Nieuw bericht van ${sender.profile.name}`, kind: "newMessage" });
  });

  it("pushes a like to the likes page and a match to the other member's profile, in German", async () => {
    const liker = await member({ gender: "male", seeking: "female", lastActiveAt: new Date(Date.now() - 3600_000) });
    const liked = await member({ gender: "female", seeking: "male", language: "de", lastActiveAt: new Date(Date.now() - 3600_000) });
    const likedDevice = await subscribeDevice(await logIn(server, liked.user.email, host("lovely")));
    const likerDevice = await subscribeDevice(await logIn(server, liker.user.email, host("lovely")));
    // logging in counted as activity: both are away again (no beacon needed when no page is open)
    await getDb().profile.updateMany({ where: { id: { in: [liker.profile.id, liked.profile.id] } }, data: { lastActiveAt: new Date(Date.now() - 3600_000) } });

    expect((await like(site("lovely"), liker.profile.id, liked.profile.id, "profile")).kind).toBe("ok");
    const [likePush] = await waitForPush(push, likedDevice.id);
    expect(likePush!.payload).toMatchObject({ title: `${liker.profile.name} mag dich`, url: `http://lovely.localhost:${server.port}/likes`, kind: "like" });

    expect((await like(site("lovely"), liked.profile.id, liker.profile.id, "profile")).kind).toBe("ok");
    const [matchPush] = await waitForPush(push, likerDevice.id);
    expect(matchPush!.payload).toMatchObject({ kind: "match", url: `http://lovely.localhost:${server.port}/members/${liked.profile.id}` });
    expect(matchPush!.payload.title).toBe(`It's a match with ${liked.profile.name}!`); // the liker has no language: the site's first
  });

  it("leaves a member who is on the site to the open page, until the page reports itself hidden", async () => {
    const m = await member();
    const jar = await logIn(server, m.user.email, host("lovely"));
    await subscribeDevice(jar);
    const job = { kind: "notify" as const, key: `visible-${m.user.id}`, userId: m.user.id, push: "like" as const, name: "X", path: "/likes" };
    expect(await runPushNotify(job)).toEqual({ push: false, reason: "page_visible" });
    await pageHidden(jar);
    expect(await runPushNotify({ ...job, key: `hidden-${m.user.id}` })).toEqual({ push: true, devices: 1 });
  });
});

describe("push per event", () => {
  it("sends no push about an event the member switched push off for, and still about the others", async () => {
    const m = await member({ lastActiveAt: new Date(Date.now() - 3600_000) });
    await subscribeDevice(await logIn(server, m.user.email, host("lovely")));
    await getDb().profile.update({ where: { id: m.profile.id }, data: { lastActiveAt: new Date(Date.now() - 3600_000) } });
    await getDb().user.update({ where: { id: m.user.id }, data: { pushOff: ["new_messages", "like"] } });
    const job = (push: "newMessage" | "match" | "newConversation") => ({
      kind: "notify" as const,
      key: `off-${push}-${m.user.id}`,
      userId: m.user.id,
      push,
      name: "X",
      path: "/chats",
    });
    expect(await runPushNotify(job("newMessage"))).toEqual({ push: false, reason: "switched_off" });
    expect(await runPushNotify(job("match"))).toEqual({ push: false, reason: "switched_off" }); // a match is a like
    expect(await runPushNotify(job("newConversation"))).toEqual({ push: true, devices: 1 });
  });
});

describe("subscriptions the push service no longer knows", () => {
  it("deletes a subscription answered 410 Gone and keeps delivering to the member's other device", async () => {
    const m = await member({ language: "fr", lastActiveAt: new Date(Date.now() - 3600_000) });
    const jar = await logIn(server, m.user.email, host("lovely"));
    const gone = await subscribeDevice(jar, "lovely", 410);
    const alive = await subscribeDevice(jar);
    const notFound = await subscribeDevice(jar, "lovely", 404);
    await getDb().profile.update({ where: { id: m.profile.id }, data: { lastActiveAt: new Date(Date.now() - 3600_000) } });
    await enqueuePush({ kind: "notify", key: `gone-${m.user.id}`, userId: m.user.id, push: "like", name: "Zoé", path: "/likes" });

    const [received] = await waitForPush(push, alive.id);
    expect(received!.payload.title).toBe("Zoé vous aime");
    const until = Date.now() + 10_000;
    let endpoints: string[] = [];
    do {
      endpoints = (await getDb().pushSubscription.findMany({ where: { userId: m.user.id } })).map((s) => s.endpoint);
      if (endpoints.length === 1) break;
      await new Promise((r) => setTimeout(r, 100));
    } while (Date.now() < until);
    expect(endpoints).toEqual([alive.endpoint]);
    expect(push.to(gone.id)).toHaveLength(0);
    expect(push.to(notFound.id)).toHaveLength(0);
  });
});

describe("endpoints outside the push services", () => {
  it("refuses a subscription whose endpoint is not a push service (an internal address), and stores nothing", async () => {
    const m = await createMember();
    const jar = await logIn(server, m.email, host("lovely"));
    for (const endpoint of ["https://169.254.169.254/latest/meta-data", "https://db.internal/x", "https://fcm.googleapis.com.evil.example/x"]) {
      const res = await request(server, "/api/user.php?push=1", {
        host: host("lovely"),
        method: "POST",
        headers: { cookie: jar.header, "content-type": "application/json", "x-request-type": "push" },
        body: JSON.stringify({ subscription: { endpoint, expirationTime: null, keys: { p256dh: "BPk", auth: "x" } } }),
      });
      expect(res.status, endpoint).toBe(400);
    }
    expect(await getDb().pushSubscription.count({ where: { userId: m.user.id } })).toBe(0);
  });
});

describe("each notification once", () => {
  it("sends a notification queued twice (a retried event) once per device, by its job ids", async () => {
    const m = await member({ lastActiveAt: new Date(Date.now() - 3600_000) });
    const jar = await logIn(server, m.user.email, host("lovely"));
    const device = await subscribeDevice(jar);
    await getDb().profile.update({ where: { id: m.profile.id }, data: { lastActiveAt: new Date(Date.now() - 3600_000) } });
    const job: PushJob = { kind: "notify", key: `like:${n}:${m.profile.id}`, userId: m.user.id, push: "like", name: "Twice", path: "/likes" };
    await Promise.all([enqueuePush(job), enqueuePush(job)]);
    await waitForPush(push, device.id);
    // after it completed, the same event arrives once more
    await enqueuePush(job);
    await new Promise((r) => setTimeout(r, 2_000));
    expect(push.to(device.id)).toHaveLength(1);
    const queue = getQueue(QUEUE_NAMES.push);
    expect((await queue.getJob(pushJobId(job)))?.returnvalue).toEqual({ push: true, devices: 1 });
  });
});

describe("sites apart", () => {
  it("never pushes a site B event to a site A subscription, even of the same e-mail address", async () => {
    const onLovely = await member({ site: "lovely", gender: "female", seeking: "male", lastActiveAt: new Date(Date.now() - 3600_000) });
    const onMature = await member({
      site: "mature",
      gender: "female",
      seeking: "male",
      language: "it",
      age: 55,
      lastActiveAt: new Date(Date.now() - 3600_000),
    });
    await getDb().user.update({ where: { id: onMature.user.id }, data: { email: onLovely.user.email } });
    const lovelyDevice = await subscribeDevice(await logIn(server, onLovely.user.email, host("lovely")), "lovely");
    const matureDevice = await subscribeDevice(await logIn(server, onLovely.user.email, host("mature")), "mature");
    await getDb().profile.updateMany({
      where: { id: { in: [onLovely.profile.id, onMature.profile.id] } },
      data: { lastActiveAt: new Date(Date.now() - 3600_000) },
    });

    const sender = await member({ site: "mature", gender: "male", seeking: "female", paidUser: true, credits: 500, age: 55 });
    const sent = await text(sender, onMature, "mature", "Ciao");
    expect(sent.ok).toBe(true);
    const [received] = await waitForPush(push, matureDevice.id);
    expect(received!.payload).toMatchObject({
      title: `${sender.profile.name} ha iniziato una conversazione con te`,
      url: `http://mature.localhost:${server.port}/chats/${sent.ok ? sent.conversationId : 0}`,
    });
    expect(String(received!.payload.body)).toContain("Mature Moments");
    await new Promise((r) => setTimeout(r, 1_000));
    expect(push.to(lovelyDevice.id)).toHaveLength(0);
  });
});

describe("the web app manifest", () => {
  it("is per site: its name, colours, start URL and icons, linked from every page", async () => {
    const [lovely, mature] = await Promise.all([
      request(server, "/manifest.webmanifest", { host: host("lovely") }),
      request(server, "/manifest.webmanifest", { host: host("mature") }),
    ]);
    expect(lovely.headers["content-type"]).toMatch(/^application\/manifest\+json/);
    expect(lovely.json()).toMatchObject({
      name: "Lovely Dates",
      short_name: "Lovely Dates",
      start_url: "/members",
      display: "standalone",
      theme_color: "#b3123b",
      background_color: "#ffe3ea",
    });
    expect(mature.json()).toMatchObject({
      name: "Mature Moments",
      start_url: "/members",
      display: "standalone",
      theme_color: "#5b2a86",
      background_color: "#efe6f7",
    });
    const icons = mature.json().icons as { src: string; sizes: string; type?: string }[];
    expect(icons).toContainEqual(expect.objectContaining({ src: "/brands/mature.svg", type: "image/svg+xml" }));
    const png = icons.find((i) => i.sizes === "512x512")!;
    const icon = await new Promise<Buffer>((resolve, reject) => {
      void import("node:http").then(({ default: http }) =>
        http.get({ host: "127.0.0.1", port: server.port, path: png.src, headers: { host: host("mature") } }, (res) => {
          const chunks: Buffer[] = [];
          res
            .on("data", (c: Buffer) => chunks.push(c))
            .on("end", () => resolve(Buffer.concat(chunks)))
            .on("error", reject);
        }),
      );
    });
    expect(await sharp(icon).metadata()).toMatchObject({ format: "png", width: 512, height: 512 });
    const home = await request(server, "/", { host: host("mature") });
    expect(home.html).toMatch(/<link[^>]* rel="manifest" href="\/manifest\.webmanifest"/);
  });
});

describe("the installed app", () => {
  it("shows no entry warning once the page opened standalone has said so in its cookie", async () => {
    const shown = (body: string) => body.includes('data-testid="entry-warning"');
    expect(shown((await request(server, "/", { host: host("lovely") })).body)).toBe(true);
    expect(shown((await request(server, "/", { host: host("lovely"), headers: { cookie: "installed_app=1" } })).body)).toBe(false);
  });
});

describe("the signup's optional push step", () => {
  it("follows the location step where the deployment has a key, and is a page of its own", async () => {
    const m = await member();
    const jar = await logIn(server, m.user.email, host("lovely"));
    const skip = await postForm(server, "/signup?step=location", { intent: "skip" }, { host: host("lovely"), headers: { cookie: jar.header } });
    expect(skip.headers.location).toBe("/signup?step=push");
    const page = await request(server, "/signup?step=push", { host: host("lovely"), headers: { cookie: jar.header, "accept-language": "en" } });
    expect(page.status).toBe(200);
    // the browser decides whether it can offer push; the page carries the key it subscribes with
    expect(page.html).toContain('data-testid="signup-step-push"');
    expect(page.body).toContain(vapid.publicKey);
  });
});
