// A local HTTP server that follows Mollie's documented API v2 for what the adapter uses:
// POST /v2/payments, GET /v2/payments/{id}, POST /v2/customers, POST and GET
// /v2/payments/{id}/refunds, GET /v2/refunds, GET /v2/balances/primary/transactions (amounts as strings with two decimals, HAL links,
// 401 without a Bearer key, 422 on bad input). Like Mollie, a POST repeated with the same
// Idempotency-Key answers with what the first one made. The test decides a payment's fate with
// `settle`, as the member would on Mollie's page.
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync } from "node:fs";
import http from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll } from "vitest";
import { useStarted } from "./fixtures.ts";

/** A throw-away self-signed certificate: Mollie's client speaks only https. */
function selfSigned() {
  const dir = mkdtempSync(path.join(tmpdir(), "fake-mollie-"));
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-keyout",
      `${dir}/key.pem`,
      "-out",
      `${dir}/cert.pem`,
      "-days",
      "1",
      "-subj",
      "/CN=127.0.0.1",
      "-addext",
      "subjectAltName=IP:127.0.0.1",
    ],
    { stdio: "ignore" },
  );
  return { key: readFileSync(`${dir}/key.pem`), cert: readFileSync(`${dir}/cert.pem`) };
}

export interface FakePayment {
  id: string;
  status: "open" | "pending" | "paid" | "failed" | "canceled" | "expired";
  amount: { currency: string; value: string };
  description: string;
  method: string | null;
  redirectUrl: string;
  webhookUrl: string;
  metadata: unknown;
  sequenceType: string;
  customerId: string | null;
  mandateId: string | null;
  refunds: FakeRefund[];
  idempotencyKey: string | null;
}

export interface FakeRefund {
  id: string;
  paymentId: string;
  amount: { currency: string; value: string };
  metadata: unknown;
  idempotencyKey: string | null;
  createdAt: string;
}

export async function startFakeMollie(apiKey: string) {
  const payments = new Map<string, FakePayment>();
  const requests: { method: string; path: string; body: unknown; idempotencyKey: string | null }[] = [];
  const balanceTransactions: { id: string; paymentId: string; initialAmount: { currency: string; value: string }; feeCents: number; createdAt: string }[] = [];
  let seq = 0;
  // unique across fakes of test files running at once on one database (provider_reference is unique)
  const instance = randomBytes(4).toString("hex");
  const id = (prefix: string) => `${prefix}_${(++seq).toString(36).padStart(6, "0")}Fake${instance}`;
  const base = () => `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const paymentJson = (p: FakePayment) => ({
    resource: "payment",
    id: p.id,
    mode: "test",
    createdAt: new Date().toISOString(),
    status: p.status,
    amount: p.amount,
    description: p.description,
    method: p.method,
    metadata: p.metadata,
    profileId: "pfl_fake",
    sequenceType: p.sequenceType,
    redirectUrl: p.redirectUrl,
    webhookUrl: p.webhookUrl,
    ...(p.customerId ? { customerId: p.customerId } : {}),
    ...(p.mandateId ? { mandateId: p.mandateId } : {}),
    ...(p.status === "paid" ? { paidAt: new Date().toISOString(), amountRefunded: { currency: p.amount.currency, value: refundedValue(p) } } : {}),
    _links: {
      self: { href: `${base()}/v2/payments/${p.id}`, type: "application/hal+json" },
      ...(p.status === "open" ? { checkout: { href: `${base()}/checkout/${p.id}`, type: "text/html" } } : {}),
    },
  });
  const cents = (v: string) => Math.round(Number(v) * 100);
  const refundedCents = (p: FakePayment) => p.refunds.reduce((s, r) => s + cents(r.amount.value), 0);
  const refundedValue = (p: FakePayment) => (refundedCents(p) / 100).toFixed(2);
  const refundJson = (r: FakeRefund) => ({
    resource: "refund",
    id: r.id,
    mode: "test",
    amount: r.amount,
    status: "pending",
    paymentId: r.paymentId,
    metadata: r.metadata,
    createdAt: r.createdAt,
    description: "",
    _links: { self: { href: `${base()}/v2/payments/${r.paymentId}/refunds/${r.id}`, type: "application/hal+json" } },
  });
  const list = (items: unknown[]) => ({ count: items.length, _embedded: { refunds: items }, _links: { self: null, previous: null, next: null } });
  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/hal+json" });
    res.end(JSON.stringify(body));
  };
  const error = (res: http.ServerResponse, status: number, detail: string) =>
    send(res, status, { status, title: http.STATUS_CODES[status], detail, _links: {} });
  const mandateOf = new Map<string, string>();

  const server = https.createServer(selfSigned(), async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString("utf8");
    const body = raw ? JSON.parse(raw) : null;
    const path = (req.url ?? "").split("?")[0]!;
    requests.push({ method: req.method!, path, body, idempotencyKey: (req.headers["idempotency-key"] as string) ?? null });
    if (req.headers.authorization !== `Bearer ${apiKey}`) return error(res, 401, "Missing authentication, or failed to authenticate");
    let m: RegExpMatchArray | null;
    if (req.method === "POST" && path === "/v2/customers") {
      return send(res, 201, {
        resource: "customer",
        id: id("cst"),
        mode: "test",
        name: body?.name ?? null,
        metadata: body?.metadata ?? null,
        createdAt: new Date().toISOString(),
        _links: {},
      });
    }
    if (req.method === "POST" && path === "/v2/payments") {
      if (!/^\d+\.\d{2}$/.test(body?.amount?.value ?? "") || !/^[A-Z]{3}$/.test(body?.amount?.currency ?? "")) return error(res, 422, "The amount is invalid");
      const key = (req.headers["idempotency-key"] as string) ?? null;
      const existing = key ? [...payments.values()].find((p) => p.idempotencyKey === key) : undefined;
      if (existing) return send(res, 201, paymentJson(existing));
      const recurring = body.sequenceType === "recurring";
      const p: FakePayment = {
        id: id("tr"),
        status: recurring ? "paid" : "open",
        amount: body.amount,
        description: body.description,
        method: body.method ?? (recurring ? "creditcard" : null),
        redirectUrl: body.redirectUrl,
        webhookUrl: body.webhookUrl,
        metadata: body.metadata ?? null,
        sequenceType: body.sequenceType ?? "oneoff",
        customerId: body.customerId ?? null,
        mandateId: body.mandateId ?? null,
        refunds: [],
        idempotencyKey: key,
      };
      payments.set(p.id, p);
      return send(res, 201, paymentJson(p));
    }
    if (req.method === "GET" && (m = path.match(/^\/v2\/payments\/(tr_\w+)$/))) {
      const p = payments.get(m[1]!);
      return p ? send(res, 200, paymentJson(p)) : error(res, 404, "No payment exists with token");
    }
    if (req.method === "POST" && (m = path.match(/^\/v2\/payments\/(tr_\w+)\/refunds$/))) {
      const p = payments.get(m[1]!);
      if (!p) return error(res, 404, "No payment exists with token");
      const key = (req.headers["idempotency-key"] as string) ?? null;
      const earlier = key ? p.refunds.find((r) => r.idempotencyKey === key) : undefined;
      if (earlier) return send(res, 201, refundJson(earlier));
      if (
        p.status !== "paid" ||
        body?.amount?.currency !== p.amount.currency ||
        !/^\d+\.\d{2}$/.test(body?.amount?.value ?? "") ||
        refundedCents(p) + cents(body.amount.value) > cents(p.amount.value)
      ) {
        return error(res, 422, "The amount is higher than the amount that can be refunded");
      }
      const refund: FakeRefund = {
        id: id("re"),
        paymentId: p.id,
        amount: body.amount,
        metadata: body.metadata ?? null,
        idempotencyKey: key,
        createdAt: new Date().toISOString(),
      };
      p.refunds.push(refund);
      return send(res, 201, refundJson(refund));
    }
    if (req.method === "GET" && (m = path.match(/^\/v2\/payments\/(tr_\w+)\/refunds$/))) {
      const p = payments.get(m[1]!);
      if (!p) return error(res, 404, "No payment exists with token");
      return send(res, 200, list([...p.refunds].reverse().map(refundJson)));
    }
    if (req.method === "GET" && path === "/v2/balances/primary/transactions") {
      // newest first, as Mollie lists them; one page
      const items = [...balanceTransactions].reverse().map((t) => ({
        resource: "balance_transaction",
        id: t.id,
        type: "payment",
        initialAmount: t.initialAmount,
        deductions: { currency: t.initialAmount.currency, value: `-${(t.feeCents / 100).toFixed(2)}` },
        resultAmount: { currency: t.initialAmount.currency, value: ((cents(t.initialAmount.value) - t.feeCents) / 100).toFixed(2) },
        context: { payment: { paymentId: t.paymentId } },
        createdAt: t.createdAt,
      }));
      return send(res, 200, { count: items.length, _embedded: { balance_transactions: items }, _links: { next: null } });
    }
    if (req.method === "GET" && path === "/v2/refunds") {
      const all = [...payments.values()].flatMap((p) => p.refunds).sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
      return send(res, 200, list(all.map(refundJson)));
    }
    return error(res, 404, "Not found");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    endpoint: `${base()}/v2/`,
    payments,
    requests,
    balanceTransactions,
    /** what the member does on Mollie's page; a first card payment leaves a mandate; a paid one
     * enters the balance with Mollie's fee withheld (feeCents; none: not on the balance yet) */
    settle(paymentId: string, status: FakePayment["status"], method?: string, feeCents?: number) {
      const p = payments.get(paymentId)!;
      p.status = status;
      if (status === "paid" && feeCents !== undefined)
        balanceTransactions.push({ id: id("baltr"), paymentId, initialAmount: p.amount, feeCents, createdAt: new Date().toISOString() });
      if (method) p.method = method;
      if (status === "paid" && p.sequenceType === "first" && p.customerId) {
        p.mandateId = mandateOf.get(p.customerId) ?? id("mdt");
        mandateOf.set(p.customerId, p.mandateId);
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * The fake for the tests of a file (started in beforeAll, closed in afterAll). Mollie's client
 * speaks only https and pins its own CA bundle: the fake's self-signed certificate is accepted in
 * this test process only.
 */
export function useFakeMollie(apiKey: string) {
  beforeAll(() => {
    process.env.NODE_TLS_REJECT_UNAUTHORIZED = "0";
  });
  return useStarted(
    () => startFakeMollie(apiKey),
    (fake) => fake.close(),
  );
}
