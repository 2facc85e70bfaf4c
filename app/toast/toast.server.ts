// Flash toasts: an action that redirects says what happened ("You blocked Anna.") in a short-lived
// signed cookie; the default layout's loader reads it once and clears it, and the page shows it
// in the member's language. Only catalogue keys and short values travel, never markup.
import { createCookie, redirect } from "react-router";
import { z } from "zod";
import { cookieDefaults, getEnv } from "#app/utils/env.server.ts";
import { singleton } from "#app/utils/singleton.ts";

const toastSchema = z.object({
  kind: z.enum(["success", "info", "error"]),
  /** a key of the common catalogue */
  key: z
    .string()
    .regex(/^[a-zA-Z]+(\.[a-zA-Z]+)+$/)
    .max(80),
  values: z.record(z.string().max(20), z.string().max(120)).optional(),
  /** tells two equal toasts apart, so the second shows again */
  id: z.string().max(20),
});
export type Toast = z.infer<typeof toastSchema>;

const toastCookie = () =>
  singleton("toastCookie", () => createCookie("rdv_toast", { ...cookieDefaults(), httpOnly: true, maxAge: 60, secrets: [getEnv().secret] }));

export async function redirectWithToast(url: string, toast: Omit<Toast, "id">, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastCookie().serialize({ ...toast, id: Date.now().toString(36) }));
  return redirect(url, { ...init, headers });
}

/** The pending toast of this request and the header that clears it, or nothing. */
export async function takeToast(request: Request): Promise<{ toast: Toast | null; headers?: HeadersInit }> {
  const cookie = request.headers.get("cookie");
  if (!cookie?.includes("rdv_toast=")) return { toast: null };
  const parsed = toastSchema.safeParse(
    await toastCookie()
      .parse(cookie)
      .catch(() => null),
  );
  return {
    toast: parsed.success ? parsed.data : null,
    headers: { "Set-Cookie": await toastCookie().serialize("", { maxAge: 0 }) },
  };
}
