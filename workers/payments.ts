// The payments queue: the test provider's webhook deliveries (delayed, duplicated), the
// transaction costs of completed payments (asked again until the provider says), and the
// reconciliation with the providers every 15 minutes (app/payments/reconcile.server.ts, ADR 029).
// Each webhook job posts one signed webhook; a non-2xx answer other than a refusal (4xx) throws,
// so BullMQ retries as a provider would. A *.localhost host is reached on the loopback address
// with its Host name.
import http from "node:http";
import https from "node:https";
import type { Job } from "bullmq";
import { TEST_SIGNATURE_HEADER, type WebhookDelivery } from "#app/payments/providers/test.server.ts";
import { reconcilePayments } from "#app/payments/reconcile.server.ts";
import { COSTS_JOB, recordTransactionCosts } from "#app/payments/transaction-costs.server.ts";
import { getDb } from "#app/utils/db.server.ts";

export const PAYMENTS_SCHEDULES = [{ id: "reconcile-payments", every: 15 * 60_000, job: "reconcile" }] as const;

function postWebhook(delivery: WebhookDelivery): Promise<number> {
  const url = new URL(delivery.url);
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      {
        host: url.hostname.endsWith(".localhost") || url.hostname === "localhost" ? "127.0.0.1" : url.hostname,
        port: url.port || (url.protocol === "https:" ? 443 : 80),
        path: url.pathname + url.search,
        method: "POST",
        headers: {
          host: url.host,
          "content-type": "application/x-www-form-urlencoded",
          "content-length": Buffer.byteLength(delivery.body),
          [TEST_SIGNATURE_HEADER]: delivery.signature,
          "user-agent": "rendezvous-test-provider",
        },
        timeout: 15_000,
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("timeout", () => req.destroy(new Error("webhook timed out")));
    req.on("error", reject);
    req.end(delivery.body);
  });
}

export async function paymentsJob(job: Pick<Job<WebhookDelivery>, "data" | "name">) {
  if (job.name === "reconcile") {
    const report = await reconcilePayments(getDb());
    return { ...report, issues: report.issues.length };
  }
  if (job.name === COSTS_JOB) {
    const outcome = await recordTransactionCosts(getDb(), (job.data as unknown as { paymentId: number }).paymentId);
    // the provider has not said yet: BullMQ asks again (backoff), the reconciliation after that
    if (outcome === "not_yet") throw new Error("transaction costs not reported yet");
    return outcome;
  }
  if (job.name !== "test-webhook") return;
  const status = await postWebhook(job.data);
  // 4xx: the app refused this webhook for good (logged there); retrying would not change it
  if (status >= 500 || status === 0) throw new Error(`webhook answered ${status}`);
  return status;
}
