// No code takes a second pool connection inside a transaction (docs/ledger.md). This file runs
// every path that opens a transaction with a database pool of ONE connection and a short wait
// for it: the transaction holds the only connection, so a query on the global client inside it
// (a helper given getDb() instead of tx, a nested $transaction, a provider's or queue's write)
// waits for itself and fails after DATABASE_POOL_TIMEOUT_MS instead of passing. Under load such
// code held all ten connections of the real pool while waiting for an eleventh (parallel refunds
// once made every request of every site wait 30 s).
import sharp from "sharp";
import { afterAll, describe, expect, it, vi } from "vitest";

// before any module reads the environment: this file's pool is one connection
vi.hoisted(() => {
  process.env.DATABASE_POOL_MAX = "1";
  process.env.DATABASE_POOL_TIMEOUT_MS = "2000";
});

import { activateAccount, createAccount } from "#app/accounts/signup.server.ts";
import { anonymiseAccount, reactivate, requestDeletion, resetPassword } from "#app/accounts/account.server.ts";
import { issueToken } from "#app/auth/tokens.server.ts";
import { sendMessage } from "#app/chat/send.server.ts";
import { changeCredits } from "#app/credits/ledger.server.ts";
import { autoLike } from "#app/likes/auto-like.server.ts";
import { like } from "#app/likes/likes.server.ts";
import { swipe } from "#app/likes/swipe.server.ts";
import { deliverNotification } from "#app/notifications/delivery.server.ts";
import { requestDirectDebitCode } from "#app/payments/direct-debit.server.ts";
import { issueCode, verifyCode } from "#app/payments/direct-debit-otp.server.ts";
import { startCheckout } from "#app/payments/checkout.server.ts";
import { orderOverview } from "#app/payments/order.server.ts";
import { RefundRefused } from "#app/payments/provider.server.ts";
import { getProvider, setProvider } from "#app/payments/providers/index.server.ts";
import { chooseTestOutcome } from "#app/payments/providers/test.server.ts";
import { reconcilePayments } from "#app/payments/reconcile.server.ts";
import { repeatableOrder } from "#app/payments/repeat.server.ts";
import { refundUnused } from "#app/payments/refunds.server.ts";
import { syncPayment } from "#app/payments/settle.server.ts";
import { recordTransactionCosts } from "#app/payments/transaction-costs.server.ts";
import { requestExport } from "#app/privacy/exports.server.ts";
import { addPhoto } from "#app/profiles/photos.server.ts";
import { deletePhoto, saveSettings } from "#app/profiles/profile-edit.server.ts";
import { createStaffAccount } from "#app/staff/accounts.server.ts";
import { adjustCredits, refundPayment } from "#app/staff/actions.server.ts";
import { addCaseNote, closeCase, takeCase } from "#app/staff/cases.server.ts";
import { sendInvitation } from "#app/staff/invitations.server.ts";
import { exportMemberData, eraseMember } from "#app/staff/privacy.server.ts";
import { setBanned, setDirectDebitBlock, setFictional, setProfileHidden } from "#app/staff/moderation.server.ts";
import { replyAsFictional } from "#app/staff/fictional-inbox.server.ts";
import { decidePhoto } from "#app/staff/photos.server.ts";
import { createStaff, resetStaffTotp, setStaffDisabled, setStaffRole } from "#app/staff/staff-accounts.server.ts";
import type { StaffUser } from "#app/staff/session.server.ts";
import { createCode, setCodeActive } from "#app/offers/codes.server.ts";
import { savePackageChange } from "#app/offers/packages.server.ts";
import { closeQueues } from "#app/queue/queues.server.ts";
import { getSiteRegistry } from "#app/tenancy/sites.server.ts";
import { getDb } from "#app/utils/db.server.ts";
import { getEnv } from "#app/utils/env.server.ts";
import { createMember } from "#tests/support/factories.ts";
import { completedPurchase } from "#tests/support/purchases.ts";

const db = () => getDb();
const site = (key: string) => getSiteRegistry().byKey.get(key)!;
let n = 0;
const unique = () => `${Date.now().toString(36)}${(n++).toString(36)}`;
const balance = async (userId: number) => (await db().user.findUniqueOrThrow({ where: { id: userId } })).credits;

async function staffMember(role: "support" | "admin" = "admin"): Promise<StaffUser> {
  const email = `pool-${unique()}@staff.test`;
  const account = await createStaffAccount({ email, name: "Pool test", password: "staff password for tests", role });
  return { id: account.id, email, name: "Pool test", role };
}

async function jpegFile() {
  const jpeg = await sharp({ create: { width: 400, height: 400, channels: 3, background: "#c33" } })
    .jpeg()
    .toBuffer();
  return new File([new Uint8Array(jpeg)], "me.jpg", { type: "image/jpeg" });
}

afterAll(() => closeQueues());

describe("the pool of one", () => {
  it("is in force, and a second connection inside a transaction fails fast", async () => {
    expect(getEnv()).toMatchObject({ DATABASE_POOL_MAX: 1, DATABASE_POOL_TIMEOUT_MS: 2000 });
    const started = Date.now();
    await expect(db().$transaction(async (tx) => [await tx.user.count(), await db().user.count()], { maxWait: 5_000, timeout: 10_000 })).rejects.toThrow(
      /timeout/i,
    );
    expect(Date.now() - started).toBeLessThan(8_000);
    // and the pool is usable again afterwards
    expect(await db().user.count()).toBeGreaterThan(0);
  });
});

describe("signup, account and profile", () => {
  it("signs up with a first message, activates, changes settings and photos, resets the password, deletes and erases the account", async () => {
    const lovely = site("lovely");
    const target = await createMember({ site: "lovely", gender: "female", seeking: "male" });
    const email = `pool-${unique()}@example.test`;
    const user = await createAccount(
      {
        name: `Pool${unique()}`,
        email,
        password: "a long enough password 1",
        date_of_birth: new Date(Date.UTC(1990, 0, 1)),
        gender: "male",
        seeking: "female",
        target_profile: target.profile.id,
        signup_message: "Hello from the pool of one",
      },
      { site: lovely, locale: "en", country: "NL", trackingId: null, origin: "http://lovely.localhost" },
    );
    expect(await db().message.count({ where: { conversation: { OR: [{ lowProfileId: target.profile.id }, { highProfileId: target.profile.id }] } } })).toBe(1);
    await activateAccount(user.id);
    const profile = await db().profile.findUniqueOrThrow({ where: { userId: user.id } });

    await saveSettings(user.id, profile.id, {
      language: "en",
      invisible: false,
      location: { country: "NL", region: null, city: null },
    });
    const added = await addPhoto(profile.id, false, await jpegFile(), lovely);
    expect(added).toMatchObject({ photoId: expect.any(Number) });
    const photoId = (added as { photoId: number }).photoId;
    await decidePhoto(await staffMember(), photoId, { intent: "approve" });
    await deletePhoto(profile.id, photoId);

    const reset = await issueToken(user.id, "password_reset");
    expect(await resetPassword(lovely, reset, { password: "another long password 2", password_repeat: "another long password 2" })).toMatchObject({
      ok: true,
    });
    await requestDeletion(lovely, user.id, "pool test", "en", "http://lovely.localhost");
    expect(await reactivate(lovely, await issueToken(user.id, "reactivation"))).toBe(user.id);
    expect(await requestExport({ id: user.id, siteKey: lovely.key })).toMatchObject({ ok: true });
    expect(await anonymiseAccount(user.id)).toBe(true);
  });
});

describe("likes and chat", () => {
  it("likes, swipes, auto-likes, sends text and a gift, and delivers a notification", async () => {
    const lovely = site("lovely");
    const me = await createMember({ site: "lovely", gender: "male", seeking: "female", paidUser: true });
    const her = await createMember({ site: "lovely", gender: "female", seeking: "male", photos: 1 });
    const other = await createMember({ site: "lovely", gender: "female", seeking: "male", photos: 1 });
    expect(await like(lovely, me.profile.id, her.profile.id, "profile")).toMatchObject({ kind: "ok" });
    expect(await swipe(lovely, me.profile.id, other.profile.id, "like")).toMatchObject({ kind: "ok" });
    expect(await swipe(lovely, her.profile.id, me.profile.id, "pass")).toMatchObject({ kind: "passed" });
    const seeker = await db().profile.findUniqueOrThrow({ where: { id: me.profile.id } });
    await autoLike(lovely, seeker);

    await changeCredits(db(), { userId: me.user.id, delta: 100, reason: "adjustment", idempotencyKey: `pool-${unique()}` });
    const sender = { userId: me.user.id, profileId: me.profile.id, paidUser: true };
    const text = await sendMessage(lovely, sender, { profileId: her.profile.id }, { kind: "text", body: "Hi" }, `pool${unique()}`);
    expect(text).toMatchObject({ ok: true });
    const gift = await db().gift.findFirst({ where: { active: true } });
    if (gift) {
      const sent = await sendMessage(lovely, sender, { profileId: her.profile.id }, { kind: "gift", giftId: gift.id }, `pool${unique()}`);
      expect(sent).toMatchObject({ ok: true });
    }
    const image = await sendMessage(lovely, sender, { profileId: her.profile.id }, { kind: "image", file: await jpegFile() }, `pool${unique()}`);
    expect(image).toMatchObject({ ok: true });
    const delivered = await deliverNotification(
      { key: `pool:${unique()}`, userId: her.user.id, type: "like", kind: "like", name: "Pool", path: "/likes" },
      { skipQuiet: true },
    );
    expect(delivered.sent).toBe(true);
  });
});

describe("money", () => {
  it("orders, pays, completes, refunds (and a refused refund), by card and by direct debit", async () => {
    const lovely = site("lovely");
    const m = await createMember({ site: "lovely", country: "NL" });
    const pkg = await db().creditPackage.findFirstOrThrow({ where: { siteKey: "lovely", country: "NL", active: true } });
    const member = await db().user.findUniqueOrThrow({ where: { id: m.user.id }, include: { profile: true } });
    expect(await orderOverview(db(), lovely, member, pkg.id, "creditcard", undefined, "NL")).toMatchObject({ method: "creditcard" });

    // by card: the checkout, the test provider's page, the provider's word, a refund
    const payment = await completedPurchase(lovely, m.user.id, { spend: 10 });
    expect(await refundUnused(db(), lovely, m.user.id, payment.id)).toMatchObject({ ok: true, booked: true });

    // a refund the provider refuses: the credits go back
    const second = await completedPurchase(lovely, m.user.id);
    const real = getProvider("test")!;
    setProvider({
      ...real,
      refund: () => Promise.reject(new RefundRefused("refused in the test")),
    });
    try {
      expect(await refundUnused(db(), lovely, m.user.id, second.id)).toEqual({ ok: false, error: "provider_failed" });
    } finally {
      setProvider(real);
    }

    // by direct debit: the code, the checkout (charged at once), the provider's word
    const dd = {
      accountHolder: "Pool Test",
      iban: "NL91ABNA0417164300",
      street: "Straat",
      houseNumber: "1",
      zip: "1000AA",
      city: "Amsterdam",
      phone: "+31612345678",
    };
    const asked = await requestDirectDebitCode(db(), {
      site: lovely,
      locale: "en",
      member: { id: m.user.id, email: m.email, name: m.profile.name, country: "NL" },
      packageId: pkg.id,
      mandate: dd,
    });
    expect(asked).toMatchObject({ ok: true });
    const issued = await issueCode(db(), {
      site: lovely,
      userId: m.user.id,
      packageId: pkg.id,
      discountCode: undefined,
      mandate: dd,
    });
    if (!issued.ok) throw new Error(`no code: ${issued.error}`);
    const verified = await verifyCode(db(), lovely, m.user.id, issued.token, issued.code);
    if (!verified.ok) throw new Error(`code refused: ${verified.error}`);
    const sdd = await startCheckout(db(), {
      site: lovely,
      userId: m.user.id,
      packageId: verified.packageId,
      method: "sdd",
      country: "NL",
      locale: "en",
      directDebit: verified.mandate,
      origin: "http://lovely.localhost",
      idempotencyKey: `pool-dd-${unique()}`,
    });
    if (!sdd.ok) throw new Error(`direct debit refused: ${sdd.error}`);
    expect(await syncPayment(db(), sdd.paymentId)).toMatchObject({ ok: true, status: "completed" });

    // with a discount code, paid on the provider's page with the card stored; then a repeat order on that card
    const code = await db().discountCode.create({
      data: { code: `POOL${unique()}`.toUpperCase(), siteKey: "lovely", valuePercentage: 10, validity: "unlimited" },
    });
    const order = { site: lovely, userId: m.user.id, packageId: pkg.id, country: "NL", locale: "en", origin: "http://lovely.localhost" };
    const open = await startCheckout(db(), { ...order, method: "creditcard", code: code.code, idempotencyKey: `pool-open-${unique()}` });
    if (!open.ok) throw new Error(`checkout refused: ${open.error}`);
    const row = await db().payment.findUniqueOrThrow({ where: { id: open.paymentId } });
    expect(row.amountCents).toBeLessThan(row.listPriceCents!);
    await chooseTestOutcome(row.providerReference!, "paid", { storeCard: "ok" });
    expect(await syncPayment(db(), open.paymentId)).toMatchObject({ ok: true, status: "completed" });
    expect(await repeatableOrder(db(), lovely, m.user.id)).toMatchObject({ paymentId: open.paymentId });
    const repeat = await startCheckout(db(), { ...order, method: "creditcard", repeatOf: open.paymentId, idempotencyKey: `pool-repeat-${unique()}` });
    if (!repeat.ok) throw new Error(`repeat refused: ${repeat.error}`);
    expect(await syncPayment(db(), repeat.paymentId)).toMatchObject({ ok: true, status: "completed" });

    // a provider that refuses the payment: the order fails and gives its code back
    setProvider({ ...real, createPayment: () => Promise.reject(new Error("refused in the test")) });
    try {
      expect(await startCheckout(db(), { ...order, method: "creditcard", code: code.code, idempotencyKey: `pool-fail-${unique()}` })).toEqual({
        ok: false,
        error: "provider_failed",
      });
    } finally {
      setProvider(real);
    }
  });

  it("records a payment's transaction costs after its transaction, and the reconciliation asks again for unreported ones", async () => {
    const lovely = site("lovely");
    const m = await createMember({ site: "lovely", country: "NL" });
    // completed through the settle transaction; the costs are asked after it (a provider read
    // inside it would wait for the one connection and leave the costs unrecorded)
    const payment = await completedPurchase(lovely, m.user.id);
    const expected = 25 + Math.round((payment.amountCents * 1.8) / 100);
    expect(payment).toMatchObject({ status: "completed", transactionCostsCents: expected, transactionCostsCurrency: "EUR" });

    // the provider had not said: the reconciliation asks again and writes them once
    await db().payment.update({ where: { id: payment.id }, data: { transactionCostsCents: null, transactionCostsCurrency: null } });
    expect(await reconcilePayments(db(), { userId: m.user.id })).toMatchObject({ costsRecorded: 1, issues: [] });
    expect(await db().payment.findUniqueOrThrow({ where: { id: payment.id } })).toMatchObject({ transactionCostsCents: expected });
    expect(await reconcilePayments(db(), { userId: m.user.id })).toMatchObject({ costsRecorded: 0 });
    // the job's repeats in parallel share the one connection and change nothing
    expect(await Promise.all([1, 2, 3].map(() => recordTransactionCosts(db(), payment.id)))).toEqual(["already", "already", "already"]);
  });

  it("staff grant and deduct credits and refund a purchase", async () => {
    const lovely = site("lovely");
    const staff = await staffMember("admin");
    const m = await createMember({ site: "lovely", country: "NL" });
    expect(await adjustCredits(staff, m.user.id, { amount: 50, reason: "pool test", key: `pool-${unique()}` })).toMatchObject({ ok: true });
    expect(await adjustCredits(staff, m.user.id, { amount: -20, reason: "pool test", key: `pool-${unique()}` })).toMatchObject({ ok: true });
    expect(await balance(m.user.id)).toBe(30);
    const payment = await completedPurchase(lovely, m.user.id);
    expect(await refundPayment(staff, m.user.id, { payment: payment.id })).toMatchObject({ ok: true });
  });
});

describe("staff console", () => {
  it("moderates members, works cases and invitations, manages staff accounts", async () => {
    const admin = await staffMember("admin");
    const m = await createMember({ site: "lovely" });
    expect(await setBanned(admin, m.user.id, true, "pool test")).toMatchObject({ ok: true });
    expect(await setBanned(admin, m.user.id, false, "pool test")).toMatchObject({ ok: true });
    expect(await setProfileHidden(admin, m.user.id, true, "pool test")).toMatchObject({ ok: true });
    expect(await setDirectDebitBlock(admin, m.user.id, true, "pool test")).toMatchObject({ ok: true });
    expect(await setFictional(admin, m.user.id, true, "pool test")).toMatchObject({ ok: true });
    expect(await exportMemberData(admin, m.user.id)).toMatchObject({ ok: true });
    expect(await eraseMember(admin, m.user.id, "pool test")).toMatchObject({ ok: true });

    const supportCase = await db().supportCase.create({
      data: { siteKey: "lovely", kind: "complaint", category: "other", text: "pool test", email: m.email, locale: "en" },
    });
    expect(await takeCase(admin, supportCase.id)).toMatchObject({ ok: true });
    expect(await addCaseNote(admin, supportCase.id, "a note")).toMatchObject({ ok: true });
    expect(await closeCase(admin, supportCase.id, "closed in the pool test")).toMatchObject({ ok: true });

    const invitation = await db().invitationRequest.create({ data: { siteKey: "lovely", email: `pool-${unique()}@example.test`, locale: "en" } });
    expect(await sendInvitation(admin, invitation.id)).toMatchObject({ ok: true });

    const created = await createStaff(admin, { email: `pool-${unique()}@staff.test`, name: "Pool", password: "staff password for tests", role: "support" });
    expect(created).toMatchObject({ ok: true });
    const { id } = await db().staffAccount.findFirstOrThrow({ where: { name: "Pool" }, orderBy: { id: "desc" } });
    expect(await setStaffRole(admin, id, "admin")).toMatchObject({ ok: true });
    expect(await resetStaffTotp(admin, id)).toMatchObject({ ok: true });
    expect(await setStaffDisabled(admin, id, true)).toMatchObject({ ok: true });
  });

  it("answers as a fictional profile: free for everyone, audited in the send's transaction, once per key", async () => {
    const lovely = site("lovely");
    const support = await staffMember("support");
    const fictional = await createMember({ site: "lovely", fictional: true, gender: "female", seeking: "male" });
    const member = await createMember({ site: "lovely", gender: "male", seeking: "female", paidUser: true });
    await changeCredits(db(), { userId: member.user.id, delta: 30, reason: "adjustment", idempotencyKey: `pool-${unique()}` });
    const wrote = await sendMessage(
      lovely,
      { userId: member.user.id, profileId: member.profile.id, paidUser: true },
      { profileId: fictional.profile.id },
      { kind: "text", body: "Are you there?" },
      `pool${unique()}`,
    );
    if (!wrote.ok) throw new Error(`not sent: ${wrote.error}`);
    const memberCredits = await balance(member.user.id);
    expect(memberCredits).toBeLessThan(30); // the member's message is paid
    const entries = () => db().creditLedgerEntry.count({ where: { userId: { in: [member.user.id, fictional.user.id] } } });
    const entriesBefore = await entries();
    const replies = () => db().message.count({ where: { conversationId: wrote.conversationId, senderId: fictional.profile.id } });
    const audited = () => db().staffAuditEntry.count({ where: { action: "fictional.reply", userId: member.user.id } });

    // the audit entry cannot be written (PostgreSQL refuses a NUL byte): the reply is not stored either
    const broken = { ...support, email: "pool\u0000@staff.test" };
    await expect(replyAsFictional(broken, lovely, wrote.conversationId, { body: "Lost reply", clientKey: `pool${unique()}` })).rejects.toThrow(
      /staffAuditEntry/,
    );
    expect([await replies(), await audited()]).toEqual([0, 0]);

    // the fictional profile has no credits and pays nothing; the member is charged nothing for it
    expect(await balance(fictional.user.id)).toBe(0);
    const clientKey = `pool${unique()}`;
    const reply = await replyAsFictional(support, lovely, wrote.conversationId, { body: "Yes, I am here", clientKey });
    expect(reply).toMatchObject({ ok: true, repeated: false });
    expect(await replyAsFictional(support, lovely, wrote.conversationId, { body: "Yes, I am here", clientKey })).toMatchObject({ ok: true, repeated: true });
    expect([await replies(), await audited()]).toEqual([1, 1]);
    expect(await db().message.findFirstOrThrow({ where: { conversationId: wrote.conversationId, senderId: fictional.profile.id } })).toMatchObject({
      creditsCost: 0,
    });
    expect([await balance(fictional.user.id), await balance(member.user.id), await entries()]).toEqual([0, memberCredits, entriesBefore]);
  });

  it("changes offers: a package's price, a code created and disabled", async () => {
    const admin = await staffMember("admin");
    const lovely = site("lovely");
    const pkg = await db().creditPackage.findFirstOrThrow({ where: { siteKey: "lovely", active: true }, orderBy: { id: "asc" } });
    // answered inside its transaction (locked rows read, the price rule applied: lovely's file refuses it
    // or takes it), not a pool timeout thrown
    const price = await savePackageChange(admin, lovely, { kind: "price", id: pkg.id, priceCents: pkg.priceCents });
    expect([200, 409]).toContain(price.ok ? 200 : price.status);
    const input = { code: `POOL${unique()}`.toUpperCase(), percentage: 10, validity: "once" as const, startsAt: null, expires: null, country: null };
    expect(await createCode(admin, lovely, input)).toMatchObject({ ok: true });
    const code = await db().discountCode.findFirstOrThrow({ where: { siteKey: "lovely", code: input.code } });
    expect(await setCodeActive(admin, lovely, code.id, false)).toMatchObject({ ok: true });
  });
});
