// The JSON API's common answers: every route that needs a member refuses a visitor the same way
// (403 authentication_required, which the browser's API client reads as "logged out"), never
// kept by a cache; a method a route does not take is a 405 naming the methods it does, with the
// reason in the visitor's language.
import { describe, expect, it } from "vitest";
import { request } from "#tests/support/http.ts";
import { useTestServer } from "#tests/support/fixtures.ts";

const server = useTestServer();

// a body needs its length (Node's client sends a DELETE without chunked encoding)
const ORIGIN = { origin: "http://lovely.localhost", "content-type": "application/json", "content-length": "2" };

describe("the member API refuses a visitor", () => {
  const memberOnly: [method: string, path: string][] = [
    ["POST", "/api/activation-mail"],
    ["POST", "/api/alerts"],
    ["GET", "/api/auto-like.php"],
    ["DELETE", "/api/chat.php"],
    ["GET", "/api/chats.php"],
    ["GET", "/api/discountcode.php?welcome=true"],
    ["GET", "/api/events"],
    ["GET", "/api/likes.php"],
    ["POST", "/api/page-hidden.php"],
    ["POST", "/api/user.php?push=1"],
    ["DELETE", "/api/user.php?push=1"],
    ["PUT", "/api/user.php"],
  ];
  it.each(memberOnly)("%s %s: 403 authentication_required, private and never stored", async (method, path) => {
    const res = await request(server, path, method === "GET" ? {} : { method, headers: ORIGIN, body: "{}" });
    expect(res.status).toBe(403);
    expect(res.json()).toEqual({ authentication_required: true });
    expect(res.headers["cache-control"]).toBe("private, no-store");
  });
});

describe("a method a route does not take", () => {
  const refused: [method: string, path: string, allow: string][] = [
    ["GET", "/api/chat.php", "DELETE"],
    ["POST", "/api/chat.php", "DELETE"],
    ["GET", "/api/lander-bounce", "POST"],
    ["GET", "/api/mail-events", "POST"],
    ["GET", "/api/page-hidden.php", "POST"],
    ["GET", "/api/payments/webhook/test", "POST"],
    ["PATCH", "/api/user.php", "GET, POST, PUT, DELETE"],
  ];
  it.each(refused)("%s %s: 405, Allow %s, the reason in the visitor's language", async (method, path, allow) => {
    const german = { "accept-language": "de" };
    const res = await request(server, path, method === "GET" ? { headers: german } : { method, headers: { ...ORIGIN, ...german }, body: "{}" });
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe(allow);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    expect(res.json()).toEqual({ error: "Diese Adresse nimmt diese Art von Anfrage nicht an." });
  });
});
