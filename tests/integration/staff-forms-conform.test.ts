// The staff console's forms on conform, posted as a browser without JavaScript posts them: a
// refused post comes back with each field's error under that field, in the staff member's
// language, with what was typed still in the form (never a password), a refusal of the domain as
// the form's message, and nothing written. One test per form: the staff account, the member
// actions, a package's price, the case notes, a photo's rejection, an invitation and the
// fictional inbox's reply.
import { readFileSync } from "node:fs";
import { DomUtils, parseDocument } from "htmlparser2";
import { describe, expect, it } from "vitest";
import { getDb } from "#app/utils/db.server.ts";
import { createMember } from "#tests/support/factories.ts";
import { useTestServer } from "#tests/support/fixtures.ts";
import { postForm, request, type TestResponse } from "#tests/support/http.ts";
import { loggedInMember, loggedInStaff, textOf, type LoggedInStaff } from "#tests/support/logged-in.ts";

const locale = (l: string) => JSON.parse(readFileSync(`app/locales/${l}/common.json`, "utf8"));
const db = () => getDb();

const server = useTestServer();

let n = 0;
const unique = () => `${Date.now().toString(36)}${(n++).toString(36)}`;

const get = (s: LoggedInStaff, path: string, language: string) =>
  request(server, path, { host: s.host, headers: { "accept-language": language, cookie: s.jar.header } });
const post = (s: LoggedInStaff, path: string, fields: Record<string, string>, language: string) =>
  postForm(server, path, fields, { host: s.host, headers: { "accept-language": language, cookie: s.jar.header } });

type Element = ReturnType<typeof DomUtils.getElementById> & object;
const text = (el: Element) => textOf(DomUtils.textContent(el)).trim();

/**
 * A form of the page as a reader sees it: each field's value (what the form shows, without
 * JavaScript) and the error shown under it (the element the field names in aria-describedby),
 * and the form's own message (an alert that belongs to no field).
 */
function formOf(res: TestResponse, id: string) {
  const doc = parseDocument(res.html);
  const form = DomUtils.getElementById(id, doc.children);
  expect(form, `form #${id}`).toBeTruthy();
  const controls = DomUtils.findAll((el) => ["input", "textarea", "select"].includes(el.name) && !!el.attribs.name, [form!]);
  const control = (name: string) => {
    const found = controls.filter((el) => el.attribs.name === name);
    expect(found.length, `field ${name} of #${id}`).toBeGreaterThan(0);
    return found;
  };
  const errorIds = new Set<string>();
  for (const el of controls) for (const ref of (el.attribs["aria-describedby"] ?? "").split(" ")) if (ref.endsWith("-error")) errorIds.add(ref);
  return {
    value(name: string) {
      const [el] = control(name);
      if (el!.name === "textarea") return DomUtils.textContent(el!).replace(/^\n/, "");
      if (el!.name === "select") return DomUtils.findOne((o) => o.name === "option" && "selected" in o.attribs, el!.children)?.attribs.value ?? "";
      if (el!.attribs.type === "checkbox") return "checked" in el!.attribs ? el!.attribs.value : undefined;
      return el!.attribs.value;
    },
    /** the error under the field: the element its aria-describedby names, marked invalid */
    error(name: string) {
      const [el] = control(name);
      const ref = (el!.attribs["aria-describedby"] ?? "").split(" ").find((r) => r.endsWith("-error"));
      if (!ref) return undefined;
      expect(el!.attribs["aria-invalid"], `${name} is marked invalid`).toBe("true");
      const shown = DomUtils.getElementById(ref, [form!]);
      return shown ? text(shown) : undefined;
    },
    /** the form's message: an alert in the form that is no field's error */
    message() {
      const alert = DomUtils.findOne((el) => el.attribs.role === "alert" && !errorIds.has(el.attribs.id ?? ""), [form!]);
      return alert ? text(alert) : undefined;
    },
  };
}

/** The catalogue's text with {{params}} filled in, as the page shows it. */
const fill = (template: string, params: Record<string, unknown>) => template.replace(/{{\s*(\w+)\s*}}/g, (_, k: string) => String(params[k]));

describe("staff account form", () => {
  it("answers wrong fields under them in German, keeps the address and name, never the password, and creates nothing", async () => {
    const de = locale("de").staff.accounts.errors;
    const admin = await loggedInStaff(server, "admin");
    const email = `new-${unique()}@staff.test`;
    const password = `p${unique()}`.slice(0, 11); // one character short
    const name = "N".repeat(101);
    const res = await post(admin, "/staff/accounts", { intent: "create", email, name, role: "support", password }, "de");
    expect(res.status).toBe(400);
    const form = formOf(res, "create-staff");
    expect(form.error("name")).toBe(de.name);
    expect(form.error("password")).toBe(de.password);
    expect(form.error("email")).toBeUndefined();
    expect(form.value("email")).toBe(email);
    expect(form.value("name")).toBe(name);
    expect(form.value("role")).toBe("support");
    expect(form.value("password")).toBeUndefined();
    expect(res.body).not.toContain(password);
    expect(await db().staffAccount.count({ where: { email } })).toBe(0);

    // an address that has an account: the form's message, with the typed values
    const taken = await post(
      admin,
      "/staff/accounts",
      { intent: "create", email: admin.email, name: "Twin", role: "admin", password: "long enough password" },
      "de",
    );
    expect(taken.status).toBe(409);
    const again = formOf(taken, "create-staff");
    expect(again.message()).toBe(fill(de.exists, { email: admin.email }));
    expect(again.value("name")).toBe("Twin");
    expect(again.value("role")).toBe("admin");
    expect(again.value("password")).toBeUndefined();
    expect(taken.body).not.toContain("long enough password");
    expect(await db().staffAuditEntry.count({ where: { staffId: admin.id, action: "staff.create" } })).toBe(0);
  });
});

describe("member actions", () => {
  it("answer wrong fields under them in Dutch, keep what was typed, book and change nothing", async () => {
    const nl = locale("nl").staff.errors;
    const admin = await loggedInStaff(server, "admin");
    const m = await createMember({ site: "lovely" });
    const page = `/staff/members/${m.user.id}`;
    const written = async () => ({
      credits: (await db().user.findUniqueOrThrow({ where: { id: m.user.id } })).credits,
      ledger: await db().creditLedgerEntry.count({ where: { userId: m.user.id } }),
      audit: await db().staffAuditEntry.count({ where: { userId: m.user.id } }),
      status: (await db().user.findUniqueOrThrow({ where: { id: m.user.id } })).status,
    });
    const before = await written();

    const credits = await post(admin, page, { intent: "credits", amount: "0", reason: "ok", key: `k${unique()}xxxx` }, "nl");
    expect(credits.status).toBe(400);
    const creditsForm = formOf(credits, "credits");
    expect(creditsForm.error("amount")).toBe(nl.amount);
    expect(creditsForm.error("reason")).toBe(nl.reasonInvalid);
    expect(creditsForm.value("amount")).toBe("0");
    expect(creditsForm.value("reason")).toBe("ok");

    // a deduction the member cannot pay: the domain's refusal is the form's message, the values stay
    const deduct = await post(admin, page, { intent: "credits", amount: "-40", reason: "Dubbele boeking", key: `k${unique()}xxxx` }, "nl");
    expect(deduct.status).toBe(409);
    const deductForm = formOf(deduct, "credits");
    expect(deductForm.message()).toBe(nl.insufficientCredits);
    expect(deductForm.value("amount")).toBe("-40");
    expect(deductForm.value("reason")).toBe("Dubbele boeking");

    const ban = await post(admin, page, { intent: "ban", on: "1", reason: "x" }, "nl");
    expect(ban.status).toBe(400);
    const banForm = formOf(ban, "switch-ban");
    expect(banForm.error("reason")).toBe(nl.reasonInvalid);
    expect(banForm.value("reason")).toBe("x");
    // the other forms show nothing of it
    expect(formOf(ban, "switch-hide-profile").error("reason")).toBeUndefined();
    expect(formOf(ban, "credits").error("reason")).toBeUndefined();

    const erase = await post(admin, page, { intent: "erase", reason: "Verzoek per e-mail" }, "nl");
    expect(erase.status).toBe(400);
    const eraseForm = formOf(erase, "erase");
    expect(eraseForm.error("confirm")).toBe(nl.eraseConfirm);
    expect(eraseForm.value("reason")).toBe("Verzoek per e-mail");
    expect(eraseForm.value("confirm")).toBeUndefined();

    expect(await written()).toEqual(before);
  });
});

describe("package price form", () => {
  it("answers a wrong price under it in Swedish, keeps it, and saves nothing", async () => {
    const sv = locale("sv").staff.offers.errors;
    const admin = await loggedInStaff(server, "admin", { host: "pride.localhost" });
    const pkg = await db().creditPackage.findFirstOrThrow({ where: { siteKey: "pride", active: true }, orderBy: { id: "asc" } });
    const audit = () => db().staffAuditEntry.count({ where: { staffId: admin.id } });
    const before = await audit();
    const path = `/staff/offers?site=pride&country=${pkg.country}`;
    const res = await post(admin, path, { intent: "price", id: String(pkg.id), price: "12,345", step: "save" }, "sv");
    expect(res.status).toBe(400);
    const form = formOf(res, `price-${pkg.id}`);
    expect(form.error("price")).toBe(sv.price);
    expect(form.value("price")).toBe("12,345");
    // another package's form keeps its own price, without an error
    const other = await db().creditPackage.findFirst({ where: { siteKey: "pride", active: true, id: { not: pkg.id } } });
    if (other) expect(formOf(res, `price-${other.id}`).error("price")).toBeUndefined();

    const added = await post(admin, path, { intent: "add", country: pkg.country!, credits: "0", price: "abc", step: "save" }, "sv");
    expect(added.status).toBe(400);
    const add = formOf(added, "package-add");
    expect(add.error("credits")).toBe(sv.credits);
    expect(add.error("price")).toBe(sv.price);
    expect(add.value("credits")).toBe("0");
    expect(add.value("price")).toBe("abc");
    expect(add.value("country")).toBe(pkg.country);

    expect((await db().creditPackage.findUniqueOrThrow({ where: { id: pkg.id } })).priceCents).toBe(pkg.priceCents);
    expect(await audit()).toBe(before);
  });
});

describe("case note and outcome forms", () => {
  it("answer a missing note and a short outcome under them in Spanish, keep the outcome, and write nothing", async () => {
    const es = locale("es").staff.errors;
    const support = await loggedInStaff(server, "support", { host: "pride.localhost" });
    const reported = await createMember({ site: "pride" });
    const c = await db().supportCase.create({
      data: {
        siteKey: "pride",
        kind: "profile_report",
        category: "fake",
        text: "Stock photos.",
        email: `r-${unique()}@example.test`,
        locale: "es",
        profileId: reported.profile.id,
      },
    });
    const path = `/staff/cases/${c.id}`;
    const note = await post(support, path, { intent: "note", text: "   " }, "es");
    expect(note.status).toBe(400);
    expect(formOf(note, "case-note").error("text")).toBe(es.noteInvalid);

    const close = await post(support, path, { intent: "close", outcome: "Revisado." }, "es");
    expect(close.status).toBe(400);
    const closeForm = formOf(close, "case-close");
    expect(closeForm.error("outcome")).toBe(es.outcomeInvalid);
    expect(closeForm.value("outcome")).toBe("Revisado.");
    expect(formOf(close, "case-note").error("text")).toBeUndefined();

    expect(await db().supportCase.findUniqueOrThrow({ where: { id: c.id }, include: { notes: true } })).toMatchObject({
      status: "new",
      outcome: null,
      notes: [],
    });
    expect(await db().staffAuditEntry.count({ where: { staffId: support.id, action: { startsWith: "case." } } })).toBe(0);
  });
});

describe("photo rejection form", () => {
  it("answers a rejection without a reason under that photo's reason in Polish and decides nothing", async () => {
    const pl = locale("pl").staff.errors;
    const support = await loggedInStaff(server, "support", { host: "pride.localhost" });
    const owner = await createMember({ site: "pride", photos: 2 });
    const [first, second] = owner.photoIds;
    const path = `/staff/photos?member=${owner.user.id}`;
    const res = await post(support, path, { photo: String(first), intent: "reject", reason: "" }, "pl");
    expect(res.status).toBe(400);
    const form = formOf(res, `photo-${first}`);
    expect(form.error("reason")).toBe(pl.photoReason);
    expect(form.value("photo")).toBe(String(first));
    expect(formOf(res, `photo-${second}`).error("reason")).toBeUndefined();

    // a reason that is none: the same, and the queue still holds both photos
    const junk = await post(support, path, { photo: String(second), intent: "reject", reason: "ugly" }, "pl");
    expect(junk.status).toBe(400);
    expect(formOf(junk, `photo-${second}`).error("reason")).toBe(pl.photoReason);
    expect(await db().photo.findMany({ where: { id: { in: [first!, second!] } }, select: { status: true, reviewedAt: true } })).toEqual([
      { status: "active", reviewedAt: null },
      { status: "active", reviewedAt: null },
    ]);
    expect(await db().staffAuditEntry.count({ where: { staffId: support.id, action: { not: "staff.login" } } })).toBe(0);
  });
});

describe("invitation form", () => {
  it("answers a request that is none in Finnish and sends nothing", async () => {
    const fi = locale("fi").staff.errors;
    const support = await loggedInStaff(server, "support", { host: "pride.localhost" });
    const waiting = await db().invitationRequest.create({ data: { siteKey: "mature", email: `inv-${unique()}@example.test`, locale: "de" } });
    for (const bad of ["abc", "0", "1e3", "", "2147483648"]) {
      const res = await post(support, "/staff/invitations", { request: bad }, "fi");
      expect(res.status, bad).toBe(404);
      expect(textOf(res.html), bad).toContain(fi.invitationNotFound);
    }
    // the page lists the request with its own form, untouched
    const page = await get(support, "/staff/invitations?site=mature", "fi");
    expect(formOf(page, `invitation-${waiting.id}`).value("request")).toBe(String(waiting.id));
    expect((await db().invitationRequest.findUniqueOrThrow({ where: { id: waiting.id } })).invitedAt).toBeNull();
    expect(await db().staffAuditEntry.count({ where: { staffId: support.id, action: { not: "staff.login" } } })).toBe(0);
  });
});

describe("fictional inbox reply", () => {
  it("answers an empty reply under the box and a reply over the site's length as the form's message, in French, keeping the text", async () => {
    const fr = locale("fr");
    const support = await loggedInStaff(server, "support");
    const fictional = await createMember({ site: "lovely", fictional: true, gender: "female", seeking: "male" });
    const member = await loggedInMember(server, { site: "lovely", gender: "male", seeking: "female", credits: 50 });
    const sent = await postForm(
      server,
      `/members/${fictional.profile.id}/chat`,
      { clientKey: `k${unique()}abcdefgh`, intent: "text", body: "Bonjour ?" },
      { host: member.host, headers: { "accept-language": "fr", cookie: member.jar.header } },
    );
    expect(sent.status).toBeLessThan(400);
    const conversation = await db().conversation.findFirstOrThrow({ where: { participants: { some: { profileId: fictional.profile.id } } } });
    const path = `/staff/fictional/${conversation.id}?site=lovely`;

    const empty = await post(support, path, { body: "  ", clientKey: `k${unique()}abcdefgh` }, "fr");
    expect(empty.status).toBe(400);
    expect(formOf(empty, "fictional-reply").error("body")).toBe(fr.staff.fictional.replyInvalid);

    // lovely's messages are at most 600 characters: the chat refuses, the text stays in the box
    const long = `Salut ! ${"très long ".repeat(70)}`.trim();
    const tooLong = await post(support, path, { body: long, clientKey: `k${unique()}abcdefgh` }, "fr");
    expect(tooLong.status).toBe(400);
    const form = formOf(tooLong, "fictional-reply");
    expect(form.message()).toBe(fill(fr.chat.errors.tooLong, { max: 600 }));
    expect(form.value("body")).toBe(long);

    expect(await db().message.count({ where: { senderId: fictional.profile.id } })).toBe(0);
    expect(await db().staffAuditEntry.count({ where: { staffId: support.id, action: "fictional.reply" } })).toBe(0);
  });
});
