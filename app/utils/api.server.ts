// The answers of the JSON API (app/routes/api): what it says about a member is private and never
// kept by a cache, and a method a route does not take gets one 405 in the caller's language.
// The guard for "a member must be logged in" is requireApiMember (app/auth/user-context.server.ts).
import { data, type RouterContextProvider } from "react-router";
import { errorResponse } from "./request.server.ts";

export const NO_STORE = { "Cache-Control": "private, no-store" } as const;

/** A JSON answer no browser or proxy keeps. */
export function apiData<T>(body: T, init: { status?: number; headers?: Record<string, string> } = {}) {
  return data(body, { status: init.status, headers: { ...NO_STORE, ...init.headers } });
}

/** 405 with the methods the route takes (`allow`, e.g. "POST") and the reason in the caller's language. */
export function methodNotAllowed(context: Readonly<RouterContextProvider>, allow: string) {
  return errorResponse(context, 405, "messages.methodNotAllowed", { ...NO_STORE, Allow: allow });
}
