// Request input is read here, at the edge, or refused with a 4xx that says so in the member's
// language: wrong content types, unreadable bodies, NUL characters and ids beyond the database's
// integer range never reach the domain (where they would become 500s).
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import type { RouterContextProvider } from "react-router";
import { localeContext } from "#app/i18n/i18n.server.ts";

/** PostgreSQL `integer`: every id column of ours. */
export const MAX_ID = 2_147_483_647;

/** A positive database id from a URL segment, field or cookie; null for anything else. */
export function parseId(value: unknown): number | null {
  const text = typeof value === "number" ? String(value) : value;
  if (typeof text !== "string" || !/^[1-9]\d{0,9}$/.test(text)) return null;
  const id = Number(text);
  return id <= MAX_ID ? id : null;
}

export const hasNul = (value: string) => value.includes("\0");

/** The JSON error every API answers with: `{ error }` in the member's language. */
export function errorResponse(context: Readonly<RouterContextProvider>, status: number, key = "messages.invalidInput", headers?: HeadersInit) {
  const { t } = context.get(localeContext);
  return Response.json({ error: t(key) }, { status, headers });
}

/** Stops the request with a 4xx; page requests show the message on the error page. */
export function refuse(context: Readonly<RouterContextProvider>, status = 400, key = "messages.invalidInput"): never {
  throw errorResponse(context, status, key);
}

const FORM_TYPES = /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i;

/** The posted form, refused when it is not a form, cannot be read or carries NUL characters. */
export async function readForm(request: Request, context: Readonly<RouterContextProvider>): Promise<FormData> {
  if (!FORM_TYPES.test(request.headers.get("content-type") ?? "")) refuse(context, 415);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    refuse(context);
  }
  assertCleanForm(form, context);
  return form;
}

export function assertCleanForm(form: FormData, context: Readonly<RouterContextProvider>) {
  for (const [name, value] of form) {
    if (hasNul(name) || (typeof value === "string" && hasNul(value))) refuse(context);
  }
}

/** The form's text fields as a plain object (files left out). */
export function formFields(form: FormData): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of form) if (typeof value === "string" && !(name in fields)) fields[name] = value;
  return fields;
}

function containsNul(value: unknown): boolean {
  if (typeof value === "string") return hasNul(value);
  if (Array.isArray(value)) return value.some(containsNul);
  if (value && typeof value === "object") return Object.entries(value).some(([k, v]) => hasNul(k) || containsNul(v));
  return false;
}

/** A JSON object body, refused when it is another type, unparsable, not an object or has NUL characters. */
export async function readJson(request: Request, context: Readonly<RouterContextProvider>): Promise<Record<string, unknown>> {
  if (!/^application\/json\b/i.test(request.headers.get("content-type") ?? "")) refuse(context, 415);
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    refuse(context);
  }
  if (!body || typeof body !== "object" || Array.isArray(body) || containsNul(body)) refuse(context);
  return body as Record<string, unknown>;
}

/** JSON or form, whichever the client sent (the user API takes both). */
export async function readBody(request: Request, context: Readonly<RouterContextProvider>): Promise<Record<string, unknown>> {
  return /^application\/json\b/i.test(request.headers.get("content-type") ?? "") ? readJson(request, context) : formFields(await readForm(request, context));
}

// the longest text any form takes (a campaign's, 10,000 characters) twice over: what the schema
// sees of a value (too long stays too long, and no pattern runs over a megabyte)
const VALUE_MAX = 20_000;
// what the reply echoes back into the page: each text at most this long, each field 64 values
const ECHO_MAX = 4000;
const VALUES_MAX = 64;

/**
 * A form parsed with its conform schema, the one schema the browser validates with too. Only the
 * schema's fields are kept, at most 64 values each; the schema judges each value as sent (up to
 * VALUE_MAX: a text longer than the echo may be valid, and is kept whole). The reply echoes the
 * input back into the page, each text cut to ECHO_MAX there: a megabyte is not sent back.
 */
export function parseSubmission<Schema extends z.ZodObject>(form: FormData, schema: Schema) {
  const fields = new FormData();
  const counts = new Map<string, number>();
  for (const [name, value] of form) {
    if (typeof value !== "string" || !(name in schema.shape)) continue;
    const count = (counts.get(name) ?? 0) + 1;
    counts.set(name, count);
    if (count <= VALUES_MAX) fields.append(name, value.slice(0, VALUE_MAX));
  }
  const submission = parseWithZod(fields, { schema });
  // the object the reply reads its echo from (conform keeps the payload it parsed)
  const echo = submission.payload as Record<string, unknown>;
  const cut = (v: unknown) => (typeof v === "string" ? v.slice(0, ECHO_MAX) : v);
  for (const [name, value] of Object.entries(echo)) echo[name] = Array.isArray(value) ? value.map(cut) : cut(value);
  return submission;
}
