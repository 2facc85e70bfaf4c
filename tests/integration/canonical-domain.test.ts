// Every mail of a site links to its canonical domain and is sent from it, whichever of its
// domains the member came through and whether a job or a request sends it. The demo files name
// their first domain; here Lovely Dates names its second, public one.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { like } from "#app/likes/likes.server.ts";
import { getSiteRegistry } from "#app/tenancy/sites.server.ts";
import { getDb } from "#app/utils/db.server.ts";
import { resetSingleton } from "#app/utils/singleton.ts";
import { createMember } from "#tests/support/factories.ts";
import { useEnv } from "#tests/support/fixtures.ts";
import { postForm } from "#tests/support/http.ts";
import { useServerWithMail } from "#tests/support/mail-stack.ts";
import { waitForMail } from "#tests/support/mailbox.ts";

const tenants = mkdtempSync(path.join(tmpdir(), "tenants-canonical-"));
cpSync("tenants", tenants, { recursive: true });
const lovelyFile = path.join(tenants, "lovely.json");
writeFileSync(lovelyFile, JSON.stringify({ ...JSON.parse(readFileSync(lovelyFile, "utf8")), canonical_domain: "lovelydates.example" }));

useEnv({ NOTIFICATION_QUIET_HOURS: "0-0", TENANTS_DIR: tenants });
beforeAll(() => resetSingleton("siteRegistry")); // read from TENANTS_DIR from now on
afterAll(() => {
  resetSingleton("siteRegistry");
  rmSync(tenants, { recursive: true, force: true });
});
const { server, smtp } = useServerWithMail({ workers: "all" });
useEnv(() => ({ PUBLIC_PORT: String(server.port) }));

const header = (raw: string, name: string) =>
  new RegExp(`^${name}: (.*)$`, "mi").exec(raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, " "))?.[1]?.trim() ?? "";
let n = 0;
async function member(gender: "male" | "female", seeking: "male" | "female") {
  const m = await createMember({ site: "lovely", gender, seeking, name: `Canon${n++}` });
  const email = `canonical${Date.now()}-${n}@example.test`;
  await getDb().user.update({ where: { id: m.user.id }, data: { email } });
  return { ...m, email };
}

describe("the canonical domain", () => {
  it("is where a job's mail links to and comes from, not the site's first domain", async () => {
    const liker = await member("male", "female");
    const liked = await member("female", "male");
    const lovely = getSiteRegistry().byKey.get("lovely")!;
    expect(lovely.domains[0]).toBe("lovely.localhost");
    expect((await like(lovely, liker.profile.id, liked.profile.id, "profile")).kind).toBe("ok");
    const mail = await waitForMail(smtp.received, liked.email);
    expect(header(mail.raw, "From")).toContain("<noreply@lovelydates.example>");
    expect(header(mail.raw, "List-Unsubscribe")).toMatch(new RegExp(`^<http://lovelydates\\.example:${server.port}/notifications\\?`));
    expect(mail.decoded).toContain(`http://lovelydates.example:${server.port}/`);
    expect(mail.decoded).not.toContain("lovely.localhost");
  });

  it("is where a mail asked for through another domain links to", async () => {
    const m = await member("female", "male");
    const sent = await postForm(server, "/reset-password", { email: m.email }, { host: "lovely.localhost", headers: { "accept-language": "en" } });
    expect(sent.status).toBe(200);
    const mail = await waitForMail(smtp.received, m.email);
    expect(header(mail.raw, "From")).toContain("<noreply@lovelydates.example>");
    // the request came without a port in its Host: so does the link
    expect(mail.link).toMatch(/^http:\/\/lovelydates\.example\/reset-password\/do\?token=/);
    expect(mail.decoded).not.toContain("lovely.localhost");
  });
});
