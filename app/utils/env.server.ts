// Process configuration, validated once. Everything else reads `env`, never process.env.
import path from "node:path";
import { z } from "zod";
import { singleton } from "./singleton.ts";

const flag = z
  .enum(["1", "0", "true", "false", "yes", "no", ""])
  .optional()
  .transform((v) => v === "1" || v === "true" || v === "yes");

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  SESSION_SECRET: z.string().min(16).optional(),
  TRUST_PROXY: flag,
  DATA_DIR: z.string().default(".data"),
  TENANTS_DIR: z.string().default("tenants"),
  /** Seed the demo sites' members; on by default only with the embedded database. */
  SEED_DEMO: flag.optional(),
  /** Run the queue worker inside the web process (default outside production). */
  WORKER_IN_PROCESS: flag.optional(),
  EMBEDDED_PG_PORT: z.coerce.number().int().default(54329),
});

export type Env = z.infer<typeof schema> & { dataDir: string; tenantsDir: string; sessionSecret: string };

export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  // an empty variable means "not set", as shells and compose files often pass them
  const parsed = schema.safeParse(Object.fromEntries(Object.entries(source).filter(([, v]) => v !== "")));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment variables:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === "production" && !e.SESSION_SECRET) {
    throw new Error("Invalid environment variables:\n  SESSION_SECRET: required in production (16 characters or more)");
  }
  return {
    ...e,
    dataDir: path.resolve(e.DATA_DIR),
    tenantsDir: path.resolve(e.TENANTS_DIR),
    sessionSecret: e.SESSION_SECRET ?? "rendezvous-development-secret",
  };
}

export const getEnv = (): Env => singleton("env", () => parseEnv());
