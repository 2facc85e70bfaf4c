// Process configuration, validated once. Everything else reads `getEnv()`, never process.env.
//
// NODE_ENV only says which build runs (React's production runtime or Vite's development
// server). Deployment rules have settings of their own: HTTPS (Secure cookies, HSTS),
// APP_SECRET (required with a real database; generated into DATA_DIR for the embedded one),
// WORKER_IN_PROCESS, TRUST_PROXY (how many proxy hops to believe), VAPID_* (web push keys;
// generated into DATA_DIR for the embedded default like APP_SECRET), PAYMENTS_TEST_PROVIDER
// (payments without money: on for the embedded default and tests, off with DATABASE_URL).
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { testPayCostsSchema } from "#app/payments/providers/test-costs.ts";
import { lazyRequire } from "./lazy-require.server.ts";
import { singleton } from "./singleton.ts";

const webPush = lazyRequire<typeof import("web-push")>("web-push");

const flag = z
  .enum(["1", "0", "true", "false", "yes", "no", ""])
  .optional()
  .transform((v) => v === "1" || v === "true" || v === "yes");

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  /** Connections in this process's database pool (default 10). */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(500).default(10),
  /** How long a query waits for a free pool connection before it fails, in ms; 0 (the default): as long as it takes.
   * The pool-of-one test sets 1 connection and a short wait, so code that takes a second connection inside a transaction fails at once. */
  DATABASE_POOL_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(0),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  /** Signs media URLs and other links; 32+ characters. */
  APP_SECRET: z.string().min(32).optional(),
  /** The APP_SECRET a rotation replaced: links and codes it signed still verify (photo URLs for a
   * day, unsubscribe links for as long as the mails are kept), nothing is signed with it. Drop it
   * once those have run out (docs/security.md). */
  APP_SECRET_PREVIOUS: z.string().min(32).optional(),
  /** The public site is served over HTTPS (TLS ends at a proxy): Secure cookies and HSTS. */
  HTTPS: flag,
  /** Number of reverse proxies in front of the app whose X-Forwarded-* headers are believed. */
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  /** Signups one IP address may make per hour across the sites (default 10); raise it where many members share one address (carrier NAT, a campus, the browser suite). */
  SIGNUPS_PER_IP_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(10),
  /** Appended to every queue name: processes sharing one database or Redis but not their jobs (the test files). */
  QUEUE_NAMESPACE: z
    .string()
    .regex(/^[a-z0-9]{1,32}$/i, "letters and digits only")
    .optional(),
  DATA_DIR: z.string().default(".data"),
  TENANTS_DIR: z.string().default("tenants"),
  /** Reload the site files when they change (default on outside production; SIGHUP reloads them everywhere). */
  TENANTS_WATCH: flag.optional(),
  /** Seed the demo sites' members; on by default only with the embedded database. */
  SEED_DEMO: flag.optional(),
  /** Web processes of `npm start` / `start:prod` (node:cluster); unset: 1, or one per core with `start:prod`. */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  /** On SIGTERM, how long a web process lets the requests it accepted finish (and a queue worker its
   * running jobs) before it cuts them, in ms (default 25 s: under Kubernetes' 30 s grace period). */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(25_000),
  /** Run the queue worker inside the web process (default on; off for a separate `npm run worker`). */
  WORKER_IN_PROCESS: flag.optional(),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).default(54329),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).optional(),
  /** Mollie (payments): the API key; without it Mollie is not configured and its methods are not shown. */
  MOLLIE_API_KEY: z
    .string()
    .regex(/^(test|live)_\w{20,}$/, "must be a Mollie API key (test_… or live_…)")
    .optional(),
  /** Mollie's API base URL; only tests point it elsewhere (a local server that follows Mollie's API). */
  MOLLIE_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** The built-in test provider, whose payments take no money: "on" or "off". Unset: on with the
   * embedded database and in tests, off with DATABASE_URL (a deployment turns it on explicitly). */
  PAYMENTS_TEST_PROVIDER: z.enum(["on", "off"]).optional(),
  /** Signs the webhook URLs given to Mollie (Mollie's webhook carries only the payment id); 32+ characters, APP_SECRET-derived when unset. */
  PAYMENT_WEBHOOK_SECRET: z.string().min(32).optional(),
  /** The test provider's webhook delivery: delay in ms and how many copies it sends (duplicates);
   * 0 copies: it sends none (the payment result page still asks it), as the integration tests run it. */
  TEST_PAY_WEBHOOK_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(0),
  TEST_PAY_WEBHOOK_COPIES: z.coerce.number().int().min(0).max(10).default(1),
  /** The test provider's fee per method, as JSON: {"creditcard": {"fixed_cents": 25, "percent": 1.8}, …};
   * methods not named keep the built-in rates (app/payments/providers/test-costs.ts). */
  TEST_PAY_COSTS: z
    .string()
    .optional()
    .transform((text, ctx) => {
      if (!text?.trim()) return {};
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        ctx.addIssue({ code: "custom", message: "is not JSON" });
        return z.NEVER;
      }
      const parsed = testPayCostsSchema.safeParse(json);
      if (!parsed.success) {
        ctx.addIssue({ code: "custom", message: parsed.error.issues.map((i) => `${i.path.join(".") || "(value)"}: ${i.message}`).join("; ") });
        return z.NEVER;
      }
      return parsed.data;
    }),
  /** notifications: the port of the public site in links of mails sent by jobs (default: PORT over http, none over HTTPS). */
  PUBLIC_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** notifications: local hours without notification e-mails, "22-8" (default); "0-0" turns them off. */
  NOTIFICATION_QUIET_HOURS: z
    .string()
    .regex(/^\d{1,2}-\d{1,2}$/)
    .default("22-8"),
  /** when the weekly update goes out, a cron pattern in UTC (default Mondays 09:00; quiet hours still hold per member), or "off". */
  WEEKLY_UPDATE_SCHEDULE: z
    .string()
    .regex(/^(off|[\d*,/-]+( [\d*,/-]+){4})$/, 'a five-field cron pattern such as "0 9 * * 1", or "off"')
    .default("0 9 * * 1"),
  /** the bearer token the mail provider sends with bounces, complaints and unsubscribes to /api/mail-events; unset: the endpoint is off. */
  MAIL_EVENTS_TOKEN: z.string().min(24).optional(),
  /** Count SQL statements sent through the Prisma adapter (`npm run bench:http` reads the count at /__bench/sql-count). */
  BENCH_SQL_COUNT: flag,
  /** the token that opens /ops (the traffic report) and its CSV; unset: /ops is a 404. */
  OPS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  /** the bearer token a Prometheus scrape sends to GET /metrics; unset: /metrics is a 404. */
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  /** web push: the deployment's VAPID key pair (base64url, as web-push generateVAPIDKeys gives
   * them) and the contact the push services may reach (mailto: or https:); without them push is off,
   * except with the embedded database, which generates a pair into DATA_DIR on first start. */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, "must be an uncompressed P-256 public key in base64url (87 characters)")
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, "must be a P-256 private key in base64url (43 characters)")
    .optional(),
  /** Hosts (and their subdomains) a push subscription's endpoint may point at, comma-separated:
   * the browsers' push services by default, so a forged subscription cannot make the worker post
   * to an internal address. */
  PUSH_ENDPOINT_HOSTS: z
    .string()
    .regex(/^[a-z0-9.-]+(,[a-z0-9.-]+)*$/i, "must be host names separated by commas")
    .default("fcm.googleapis.com,push.services.mozilla.com,notify.windows.com,push.apple.com"),
  /** `npm run staff:create`: the new account's password, instead of typing it at the prompt. */
  STAFF_PASSWORD: z.string().optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)\S+$/, "must be a mailto: or https: URL")
    .optional(),
  // media store (app/media/storage.server.ts): the local disk under DATA_DIR/media, or an S3-compatible bucket
  /** "disk" (DATA_DIR/media, the default) or "s3"; unset: "s3" when S3_BUCKET is set. */
  MEDIA_STORE: z.enum(["disk", "s3"]).optional(),
  /** The bucket photos live in (created beforehand; the app does not create it). */
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens")
    .optional(),
  /** The S3 API's base URL (MinIO, Ceph, R2, Wasabi, …); unset: AWS's endpoint for S3_REGION. */
  S3_ENDPOINT: z.url({ protocol: /^https?$/, message: "must be an http:// or https:// URL" }).optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{2,32}$/, "must be a region name such as eu-central-1")
    .default("us-east-1"),
  /** Both or neither; neither: the SDK's own chain (AWS_* variables, instance role, web identity). */
  S3_ACCESS_KEY_ID: z.string().min(3).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(3).optional(),
  /** Address the bucket as {endpoint}/{bucket}/… instead of {bucket}.{endpoint}/… (most self-hosted stores need it). */
  S3_FORCE_PATH_STYLE: flag,
  /** Put every key under this prefix ("rendezvous/"), so one bucket can hold several deployments. */
  S3_PREFIX: z
    .string()
    .regex(/^([A-Za-z0-9_-]+\/)*$/, 'must be folder names ending in "/", such as "rendezvous/"')
    .default(""),
  /** How long one store call (with its retries) may take before the photo is answered 503, in ms. */
  S3_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(3000),
});

type Parsed = z.infer<typeof schema>;

/** The payment providers this process may configure (app/payments/providers/). */
export interface PaymentSettings {
  /** the built-in test provider: credits without money */
  testProvider: boolean;
  mollie: { apiKey: string; apiUrl?: string } | null;
}

function paymentSettingsOf(e: Pick<Parsed, "NODE_ENV" | "DATABASE_URL" | "PAYMENTS_TEST_PROVIDER" | "MOLLIE_API_KEY" | "MOLLIE_API_URL">): PaymentSettings {
  const testByDefault = !e.DATABASE_URL || e.NODE_ENV === "test";
  return {
    testProvider: e.PAYMENTS_TEST_PROVIDER ? e.PAYMENTS_TEST_PROVIDER === "on" : testByDefault,
    mollie: e.MOLLIE_API_KEY ? { apiKey: e.MOLLIE_API_KEY, ...(e.MOLLIE_API_URL ? { apiUrl: e.MOLLIE_API_URL } : {}) } : null,
  };
}

const present = (source: NodeJS.ProcessEnv) => Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ""));

export type Env = Omit<Parsed, "WORKER_IN_PROCESS" | "LOG_LEVEL" | "TENANTS_WATCH"> & {
  dataDir: string;
  tenantsDir: string;
  /** reload the sites on every change in tenantsDir */
  watchTenants: boolean;
  secret: string;
  /** APP_SECRET_PREVIOUS: accepted when verifying a signature, never used to sign; null when unset */
  previousSecret: string | null;
  workerInProcess: boolean;
  logLevel: NonNullable<Parsed["LOG_LEVEL"]>;
  /** Embedded PostgreSQL (no DATABASE_URL): the laptop default. */
  embedded: boolean;
  /** web push keys of this deployment; null: push is not offered */
  vapid: VapidKeys | null;
  payments: PaymentSettings;
  /** where photo files live */
  media: MediaStoreSettings;
};

export type MediaStoreSettings =
  | { kind: "disk" }
  | {
      kind: "s3";
      bucket: string;
      endpoint?: string;
      region: string;
      credentials?: { accessKeyId: string; secretAccessKey: string };
      forcePathStyle: boolean;
      prefix: string;
      timeoutMs: number;
    };

function mediaStoreOf(e: Parsed): MediaStoreSettings {
  const kind = e.MEDIA_STORE ?? (e.S3_BUCKET ? "s3" : "disk");
  if (kind === "disk") return { kind };
  if (!e.S3_BUCKET) throw new EnvError(["S3_BUCKET: required with MEDIA_STORE=s3"]);
  if (!!e.S3_ACCESS_KEY_ID !== !!e.S3_SECRET_ACCESS_KEY) throw new EnvError(["S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither"]);
  return {
    kind,
    bucket: e.S3_BUCKET,
    ...(e.S3_ENDPOINT ? { endpoint: e.S3_ENDPOINT } : {}),
    region: e.S3_REGION,
    ...(e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY ? { credentials: { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY } } : {}),
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
    prefix: e.S3_PREFIX,
    timeoutMs: e.S3_TIMEOUT_MS,
  };
}

interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

export class EnvError extends Error {
  constructor(lines: string[]) {
    super(`Invalid environment variables:\n${lines.map((l) => `  ${l}`).join("\n")}`);
  }
}

/** The embedded default keeps its secret in the data folder so signed links survive restarts. */
function localSecret(dataDir: string) {
  const file = path.join(dataDir, "secret");
  try {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(32).toString("base64url"), { mode: 0o600, flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  return readFileSync(file, "utf8").trim();
}

/** The embedded default's VAPID pair, made once with web-push and kept beside the secret, so
 * browsers' subscriptions stay valid across restarts (web-push loads only to make it). */
function localVapidKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const file = path.join(dataDir, "vapid.json");
  try {
    mkdirSync(dataDir, { recursive: true });
    if (!existsSync(file)) writeFileSync(file, JSON.stringify(webPush().generateVAPIDKeys()), { mode: 0o600, flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  const keys = JSON.parse(readFileSync(file, "utf8")) as { publicKey: string; privateKey: string };
  return { publicKey: keys.publicKey, privateKey: keys.privateKey };
}

export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  // an empty variable means "not set", as shells and compose files often pass them
  const parsed = schema.safeParse(present(source));
  if (!parsed.success) throw new EnvError(parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`));
  const { WORKER_IN_PROCESS, LOG_LEVEL, TENANTS_WATCH, ...e } = parsed.data;
  const embedded = !e.DATABASE_URL;
  if (!embedded && !e.APP_SECRET) throw new EnvError(["APP_SECRET: required with DATABASE_URL (32 characters or more)"]);
  if (!!e.VAPID_PUBLIC_KEY !== !!e.VAPID_PRIVATE_KEY) throw new EnvError(["VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both or neither"]);
  const dataDir = path.resolve(e.DATA_DIR);
  const media = mediaStoreOf(parsed.data);
  const pair =
    e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY } : embedded ? localVapidKeys(dataDir) : null;
  return {
    ...e,
    dataDir,
    tenantsDir: path.resolve(e.TENANTS_DIR),
    watchTenants: TENANTS_WATCH ?? e.NODE_ENV !== "production",
    secret: e.APP_SECRET ?? localSecret(dataDir),
    previousSecret: e.APP_SECRET_PREVIOUS ?? null,
    workerInProcess: WORKER_IN_PROCESS ?? true,
    logLevel: LOG_LEVEL ?? (e.NODE_ENV === "test" ? "silent" : "info"),
    embedded,
    // the subject is only a contact for push services; a deployment without one names a placeholder
    vapid: pair && { ...pair, subject: e.VAPID_SUBJECT ?? "mailto:push@rendezvous.invalid" },
    payments: paymentSettingsOf(e),
    media,
  };
}

export const getEnv = (): Env => singleton("env", () => parseEnv());

/** The database in use: DATABASE_URL, or the embedded server once `prepareDatabase` started it. */
export function getDatabaseUrl(): string {
  const url = singleton<{ url?: string }>("databaseUrl", () => ({})).url ?? getEnv().DATABASE_URL;
  if (!url) throw new Error("no database: DATABASE_URL is unset and the embedded PostgreSQL has not been started (start through server/main.ts)");
  return url;
}

export function setDatabaseUrl(url: string) {
  singleton<{ url?: string }>("databaseUrl", () => ({})).url = url;
}

/** Attributes every cookie of ours shares; Secure when the public site is HTTPS. */
export const cookieDefaults = () => ({ path: "/", sameSite: "lax" as const, secure: getEnv().HTTPS });
