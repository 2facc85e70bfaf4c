import { describe, expect, it } from "vitest";
import { alertHiddenOn } from "./alert-routes.ts";

describe("where the alerts stay hidden (spec section 4)", () => {
  it("hides the activation reminder on signup, settings and notifications, also signup with a target profile", () => {
    for (const path of ["/signup", "/members/42/signup", "/profile/settings", "/profile/settings/", "/notifications"])
      expect(alertHiddenOn("activation_reminder", path), path).toBe(true);
    for (const path of ["/members", "/profile", "/premium", "/members/42", "/chats"]) expect(alertHiddenOn("activation_reminder", path), path).toBe(false);
  });

  it("hides the photo warning on profile, signup, activate-done, premium, notifications, directdebit and settings", () => {
    for (const path of ["/profile", "/signup", "/activate/done", "/premium", "/notifications", "/directdebit", "/profile/settings"])
      expect(alertHiddenOn("profile_photo", path), path).toBe(true);
    for (const path of ["/members", "/likes", "/members/42", "/credits"]) expect(alertHiddenOn("profile_photo", path), path).toBe(false);
  });

  it("hides the push prompt on signup, notifications, activate-done, directdebit and premium", () => {
    for (const path of ["/signup", "/notifications", "/activate/done", "/directdebit", "/premium"]) expect(alertHiddenOn("push_prompt", path), path).toBe(true);
    for (const path of ["/members", "/profile", "/profile/settings"]) expect(alertHiddenOn("push_prompt", path), path).toBe(false);
  });

  it("hides the disabled-notifications alert on settings and notifications only", () => {
    expect(["/profile/settings", "/notifications"].every((p) => alertHiddenOn("notifications_disabled", p))).toBe(true);
    expect(["/members", "/profile", "/signup", "/premium"].some((p) => alertHiddenOn("notifications_disabled", p))).toBe(false);
  });
});
