// The pure rules of the chat: what a message may be, what it costs, how a page cursor reads.
import { describe, expect, it } from "vitest";
import { messageCost, priceInfo } from "./costs.server.ts";
import { checkText } from "./send.server.ts";
import { parseCursor } from "./thread.server.ts";

const site = { message_credits: 10, photo_credits: 15, gift_credits: 25, message_length: 5 };

describe("a text message", () => {
  it("is trimmed, and 1 to message_length characters (not UTF-16 units)", () => {
    expect(checkText(site, "  hi \r\n")).toEqual({ ok: true, body: "hi" });
    expect(checkText(site, "😀😀😀😀😀")).toEqual({ ok: true, body: "😀😀😀😀😀" });
    expect(checkText(site, "abcdef")).toMatchObject({ ok: false, status: 400, error: "chat.errors.tooLong", params: { max: 5 } });
    expect(checkText(site, " \n\t ")).toMatchObject({ ok: false, error: "chat.errors.empty" });
  });

  it("keeps line breaks and refuses control characters and undecodable bytes", () => {
    expect(checkText(site, "a\nb")).toEqual({ ok: true, body: "a\nb" });
    for (const bad of ["a\u0000", "a\u0007", "a\u001b[", "a\u007f", "a\ufffd"])
      expect(checkText(site, bad)).toMatchObject({ ok: false, error: "messages.invalidInput" });
  });
});

describe("prices", () => {
  it("come from the sender's site, a gift's own price first", () => {
    expect(messageCost(site, "text")).toBe(10);
    expect(messageCost(site, "image")).toBe(15);
    expect(messageCost(site, "gift", { credits: null })).toBe(25);
    expect(messageCost(site, "gift", { credits: 40 })).toBe(40);
  });

  it("show the money price of a message the packages give, or none", () => {
    const price = { costs: 1.29, currency: "EUR", cents: 129, from: { credits: 700, priceCents: 8999, currency: "EUR" } };
    expect(priceInfo(site, price).minimum).toEqual({ costs: 1.29, currency: "EUR" });
    expect(priceInfo(site, null).minimum).toBeNull();
  });
});

describe("the older-messages cursor", () => {
  it("reads <ms>.<id> and nothing else", () => {
    expect(parseCursor("1700000000000.42")).toEqual({ at: new Date(1700000000000), id: 42 });
    for (const bad of [null, "", "abc", "1.0", "1.2147483648", "-1.5", "1e3.4", "1.2.3", `${"9".repeat(16)}.1`]) expect(parseCursor(bad)).toBeNull();
  });
});
