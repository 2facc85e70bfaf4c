// The malformed-input replay: every route of the app, logged out and logged in, receives the
// junk an attacker or a broken client sends (ids beyond the integer range, NUL bytes, wrong
// content types, null JSON, megabyte fields, header-splitting redirects, odd methods). Each
// must be answered with a 4xx or a normal page, never a 5xx; refusals explain themselves.
import { beforeAll, describe, expect, it } from "vitest";
import { request, type TestResponse } from "#tests/support/http.ts";
import { createMember } from "#tests/support/factories.ts";
import { CookieJar } from "#tests/support/session.ts";
import { postForm } from "#tests/support/http.ts";
import { PASSWORD } from "#tests/support/factories.ts";
import { getDb } from "#app/utils/db.server.ts";
import { useTestServer } from "#tests/support/fixtures.ts";

const server = useTestServer();
let member: CookieJar;
let memberProfileId: number;
beforeAll(async () => {
  const m = await createMember({ site: "lovely", photos: 1 });
  memberProfileId = m.profile.id;
  member = new CookieJar();
  member.take(await postForm(server, "/login", { email: m.email, password: PASSWORD }, { host: "lovely.localhost" }));
  expect(member.has("rdv_session")).toBe(true);
});

// just under the 1 MB body limit: big enough to overflow any index or column, small enough to be read
const BIG = "a".repeat(300 * 1024);
const JUNK_VALUES = [
  "\0",
  "a\0b",
  "99999999999",
  "2147483648",
  "-1",
  "0",
  "1e400",
  "abc",
  "\r\nSet-Cookie: x=1",
  "/%09/evil.example",
  "[]",
  "{}",
  "%E0%A4%A",
  "x".repeat(5000),
];
const JUNK_IDS = ["2147483648", "99999999999", "-1", "0", "abc", "1e400", "%00", "1%00", "0x10", "1.5", "%E0%A4%A"];
const QUERY_PARAMS = [
  "package",
  "code",
  "challenge",
  "fresh",
  "redirectTo",
  "token",
  "step",
  "gender",
  "country",
  "countryregion",
  "min_age",
  "max_age",
  "upto",
  "page",
  "t",
  "notice",
  "lat",
  "lon",
  "reason",
  "push",
  "network",
  "ref",
  "sub1",
  "sub2",
  "sub3",
  "lb",
  "api_signup_complete",
  "match",
  "profile",
  "source",
  "u",
  "type",
  "sig",
  "q",
  "member",
  "before",
  "after",
  "site",
];

const PAGE_PATHS = [
  "/",
  "/pages/terms",
  "/pages/privacy",
  "/pricing",
  "/complaints",
  "/lang-config",
  "/login",
  "/signup",
  "/activate",
  "/activate/done",
  "/activate/error",
  "/reset-password",
  "/reset-password/do",
  "/mail-change/do",
  "/account-deleted",
  "/account/reactivate",
  "/profile/settings",
  "/profile/delete",
  "/dev/outbox",
  "/members",
  "/profile",
  "/landers/video",
  "/landers/video/slug",
  "/landers/tinderswipe",
  "/ops",
  "/ops/report.csv",
  "/likes",
  "/likes/liked",
  "/likes/received",
  "/likes/matches",
  "/swipe-game",
  "/match-finder",
  "/signup-matches",
  "/chats",
  "/credits",
  "/credits/repeat-order",
  "/premium",
  "/directdebit",
  "/transactions",
  "/notifications",
  "/notifications?source=email",
  // the staff console; tests/integration/staff.test.ts replays junk with a staff session
  "/staff",
  "/staff/login",
  "/staff/audit",
  "/staff/logout",
  "/staff/photos",
];
const API_PATHS = [
  "/api/settings.php",
  "/api/companyinfo.php",
  "/api/entry-warning",
  "/api/user.php",
  "/api/user.php?push=1",
  "/api/logout.php",
  "/api/alerts",
  "/api/activation-mail",
  "/api/regions.php",
  "/api/interests.php",
  "/api/geocode.php",
  "/api/likes.php",
  "/api/auto-like.php",
  "/api/chat.php",
  "/api/discountcode.php",
  "/api/payments/webhook/test",
  "/api/payments/webhook/mollie",
  "/api/lander-bounce",
  "/api/page-hidden.php",
];
const ID_PATHS = (id: string) => [
  `/members/${id}`,
  `/likes/m/${id}`,
  `/members/${id}/signup`,
  `/members/${id}/like`,
  `/likes/${id}`,
  `/members/${id}/chat`,
  `/chats/${id}`,
  `/chat-media/${id}`,
  `/chat-media/${id}.${"a".repeat(32)}.${id}-full.jpg`,
  `/credits/${id}`,
  `/credits/${id}/ideal`,
  `/credits/${id}/${id}`,
  `/payments/${id}`,
  `/transactions/${id}`,
  `/transactions/${id}/receipt.pdf`,
  `/transactions/${id}/refund`,
  `/test-pay/${id}`,
  `/test-pay/tp_${id}`,
  `/staff/members/${id}`,
];
// the live stream never ends for a member: only posted to here (its GET is tested in live-events.test.ts)
const POST_PATHS = [
  ...PAGE_PATHS,
  ...API_PATHS,
  "/api/events",
  ...ID_PATHS(String(1)),
  "/signup?step=photo",
  "/signup?step=personal",
  "/signup?step=about",
  "/signup?step=location",
];

type Probe = { path: string; method?: string; headers?: Record<string, string>; body?: string; as?: "member" };

function* probes(): Generator<Probe> {
  for (const path of [...PAGE_PATHS, ...API_PATHS]) {
    for (const value of JUNK_VALUES) yield { path: `${path.split("?")[0]}?${QUERY_PARAMS.map((name) => `${name}=${encodeURIComponent(value)}`).join("&")}` };
    yield { path: `${path}?redirectTo=a&redirectTo=b&gender=x&gender=y` };
    yield { path: `${path}${path.includes("?") ? "&" : "?"}q=%00` };
    yield { path: `${path}/%00` };
  }
  for (const id of JUNK_IDS) for (const path of ID_PATHS(id)) yield { path };
  for (const path of POST_PATHS) {
    const form = { "content-type": "application/x-www-form-urlencoded" };
    yield { path, method: "POST", headers: { "content-type": "application/json" }, body: "null" };
    yield { path, method: "POST", headers: { "content-type": "application/json" }, body: "[]" };
    yield { path, method: "POST", headers: { "content-type": "application/json" }, body: '{"email":"a\\u0000b","password":"x","language":"\\u0000"}' };
    yield { path, method: "POST", headers: { "content-type": "application/json" }, body: "{not json" };
    yield { path, method: "POST", headers: { "content-type": "text/plain" }, body: "hello" };
    yield { path, method: "POST", body: "" };
    yield { path, method: "POST", headers: form, body: "" };
    yield { path, method: "POST", headers: form, body: "%" };
    yield { path, method: "POST", headers: { "content-type": "multipart/form-data; boundary=x" }, body: "--x\r\nbroken" };
    for (const value of JUNK_VALUES) {
      const fields = [
        "email",
        "password",
        "name",
        "intent",
        "redirectTo",
        "language",
        "alert",
        "reason",
        "photoId",
        "city",
        "region",
        "country",
        "about_me",
        "signup_message",
        "date_of_birth",
        "gender",
        "seeking",
        "interests",
        "old_password",
        "password_repeat",
        "target",
        "source",
        "back",
        "js",
        "body",
        "gift",
        "clientKey",
        "icebreaker",
        "conversation",
        "key",
        "code",
        "package",
        "challenge",
        "otp",
        "iban",
        "accountHolder",
        "phone",
        "zip",
        "choice",
        "id",
        "amount",
        "payment",
      ];
      yield { path, method: "POST", headers: form, body: new URLSearchParams(Object.fromEntries(fields.map((f) => [f, value]))).toString() };
    }
    yield { path, method: "POST", headers: form, body: new URLSearchParams({ email: BIG, password: BIG, name: BIG }).toString() };
    yield {
      path,
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: BIG, password: "x", endpoint: BIG, subscription: { endpoint: BIG, keys: { p256dh: "x", auth: "y" } } }),
    };
  }
  // valid intents with junk around them: the like and swipe actions parse every other field
  for (const value of JUNK_VALUES) {
    const form = { "content-type": "application/x-www-form-urlencoded" };
    for (const intent of ["like", "unlike", "pass"]) {
      for (const path of ["/swipe-game", "/members/1/like", `/members/${encodeURIComponent(value)}/like`]) {
        yield { path, method: "POST", headers: form, body: new URLSearchParams({ intent, target: value, source: value, back: value, js: value }).toString() };
      }
    }
  }
  // DELETE /api/chat.php with what a broken client sends
  for (const body of [
    "null",
    "[]",
    "{}",
    "{not json",
    '{"conversation":"abc"}',
    '{"conversation":99999999999}',
    '{"conversation":"\\u0000"}',
    '{"conversation":[1]}',
    `{"conversation":"${BIG}"}`,
  ]) {
    yield { path: "/api/chat.php", method: "DELETE", headers: { "content-type": "application/json", "content-length": String(Buffer.byteLength(body)) }, body };
  }
  yield {
    path: "/api/chat.php",
    method: "DELETE",
    headers: { "content-type": "application/x-www-form-urlencoded", "content-length": "16" },
    body: "conversation=%00",
  };
  for (const path of ["/", "/members", "/api/user.php", "/api/chat.php", "/chats/1"]) {
    for (const method of ["PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "PROPFIND"]) yield { path, method };
    for (const cookie of ["rdv_src=99999999999", "rdv_src=abc", "rdv_src=%00", "rdv_session=%00", "lng=%00", "lng=xx", "entry_ok=%00"])
      yield { path, headers: { cookie } };
  }
}

async function send(probe: Probe): Promise<TestResponse> {
  const headers: Record<string, string> = { "accept-language": "en", ...probe.headers };
  if (probe.as === "member") headers.cookie = [member.header, probe.headers?.cookie].filter(Boolean).join("; ");
  return request(server, probe.path, { host: "lovely.localhost", method: probe.method ?? "GET", headers, body: probe.body });
}

describe("malformed input replay", () => {
  it("answers every probe, logged out and logged in, without a server error", async () => {
    // logged in as well, except where any post legitimately ends the session (logout, deletion)
    const endsSession = (p: Probe) => p.method === "POST" && /^\/(api\/logout\.php|profile\/delete)/.test(p.path);
    const all = [...probes()].flatMap((p) => (endsSession(p) ? [p] : [p, { ...p, as: "member" as const }]));
    const failures: string[] = [];
    let done = 0;
    // a few at a time: the replay is about answers, not load
    const queue = [...all];
    const started = Date.now();
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let probe = queue.shift(); probe; probe = queue.shift()) {
          const what = `${probe.method ?? "GET"} ${probe.path.slice(0, 120)} ${probe.as ?? ""} ${String(probe.body ?? "").slice(0, 60)}`;
          const res = await send(probe).catch((error: Error) => ({ status: error.message }));
          done++;
          if (typeof res.status !== "number" || res.status >= 500) failures.push(`${res.status} ${what}`);
        }
      }),
    );
    console.log(`${done} probes in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    expect(done).toBe(all.length);
    expect(all.length).toBeGreaterThan(1400);
    expect(failures).toEqual([]);
    // junk changed nothing: the member is still logged in, under the same profile
    const me = await request(server, "/api/user.php", { host: "lovely.localhost", headers: { cookie: member.header } });
    expect(me.json().user).toMatchObject({ status: "active" });
    expect((await getDb().profile.findUniqueOrThrow({ where: { id: memberProfileId } })).status).toBe("active");
  }, 300_000);

  it("refuses a body larger than any form before reading it", async () => {
    const res = await request(server, "/login", {
      host: "lovely.localhost",
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "content-length": String(5 * 1024 * 1024) },
    });
    expect(res.status).toBe(413);
  });

  it("explains a refusal in the member's language", async () => {
    const de = await request(server, "/api/user.php", {
      host: "lovely.localhost",
      method: "POST",
      headers: { "content-type": "application/json", "accept-language": "de" },
      body: "null",
    });
    expect(de.status).toBe(400);
    expect(de.json().error).toBe("Diese Anfrage konnten wir nicht lesen. Bitte prüfe deine Eingaben und versuche es erneut.");
    const page = await request(server, "/members/99999999999", { host: "lovely.localhost", headers: { "accept-language": "en" } });
    expect(page.status).toBe(404);
    expect(page.html).toContain("This page could not be found");
  });
});
