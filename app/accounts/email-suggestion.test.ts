import { describe, expect, it } from "vitest";
import { suggestEmail, suggestionToConfirm } from "./email-suggestion.ts";

describe("e-mail did-you-mean", () => {
  it.each([
    ["anna@gmial.com", "anna@gmail.com"],
    ["anna@gmail.con", "anna@gmail.com"],
    ["bea@hotmial.de", "bea@hotmail.de"],
    ["kim@yahooo.com", "kim@yahoo.com"],
    ["jan@gmx.dee", "jan@gmx.de"],
    ["gio@libreo.it", "gio@libero.it"],
  ])("suggests %s → %s", (typed, suggested) => {
    expect(suggestEmail(typed)).toBe(suggested);
  });

  it.each([
    "gio@libero.it",
    "jan@web.de",
    "piet@ziggo.nl",
    "ola@online.no",
    "ewa@wp.pl",
    "anna@lovely.nl",
    "joao@sapo.pt",
    "staff@example.test",
    "member@lovely.localhost",
    "not-an-address",
  ])("leaves %s alone", (address) => {
    expect(suggestEmail(address)).toBeNull();
  });

  it("asks once per address", () => {
    expect(suggestionToConfirm("anna@gmial.com", undefined)).toBe("anna@gmail.com");
    expect(suggestionToConfirm("anna@gmial.com", " Anna@Gmial.com ")).toBeNull();
    expect(suggestionToConfirm("anna@gmial.com", "other@gmial.com")).toBe("anna@gmail.com");
  });
});
