// Marketing mail needs the member's consent (opt-in): a new member starts with offers and
// promotions, news and the weekly update switched off, and the mails about their own account and
// conversations on.
import { describe, expect, it } from "vitest";
import { getDb } from "#app/utils/db.server.ts";
import { deliverNotification } from "#app/notifications/delivery.server.ts";
import { dueWeeklyUpdates } from "#app/notifications/reminders.server.ts";
import { postForm, request } from "#tests/support/http.ts";
import { useTestServer } from "#tests/support/fixtures.ts";
import { CookieJar } from "#tests/support/session.ts";

const server = useTestServer();

describe("marketing mail is opt-in", () => {
  it("a new member's promotions, news and weekly update are off, their likes and messages on", async () => {
    const email = `consent${Date.now()}@example.test`;
    const jar = new CookieJar();
    const res = jar.take(
      await postForm(
        server,
        "/signup",
        { name: `Consent${Date.now() % 10000}`, email, password: "correct horse battery", date_of_birth: "1990-04-12", gender: "female", seeking: "male" },
        { host: "lovely.localhost", headers: { "accept-language": "en" } },
      ),
    );
    expect(res.status).toBe(302);
    const user = await getDb().user.findUniqueOrThrow({ where: { siteKey_email: { siteKey: "lovely", email } } });
    expect([...user.notificationsOff].sort()).toEqual(["news", "promotions", "weekly_updates"]);

    // the one place of the switches shows it so
    const page = await request(server, "/notifications", { host: "lovely.localhost", headers: { "accept-language": "en", cookie: jar.header } });
    expect(page.status).toBe(200);
    const box = (name: string, type: string) => {
      const input = page.html.match(/<input[^>]*>/g)?.find((tag) => tag.includes(`name="${name}"`) && tag.includes(`value="${type}"`));
      expect(input, `${name} ${type}`).toBeDefined();
      return input!;
    };
    expect(box("enabled", "promotions")).not.toContain("checked");
    expect(box("enabled", "news")).not.toContain("checked");
    expect(box("enabled", "like")).toContain("checked");
    expect(box("enabled", "new_messages")).toContain("checked");
    expect(box("push", "new_messages")).toContain("checked");

    // once confirmed, a promotion is not sent and the weekly update passes them by
    await getDb().user.update({ where: { id: user.id }, data: { status: "active" } });
    await getDb().profile.update({ where: { userId: user.id }, data: { status: "active" } });
    expect(await deliverNotification({ key: `promo-${user.id}`, userId: user.id, type: "promotions", kind: "weeklyUpdate", path: "/credits" })).toEqual({
      sent: false,
      reason: "switched_off",
    });
    expect((await dueWeeklyUpdates(new Date(), user.id - 1)).due).not.toContain(user.id);
  });
});
