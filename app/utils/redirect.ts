/** Only same-site paths: "/x" but never "//evil.example" or "https://...". */
export function safeRedirectPath(target: string | null | undefined, fallback = "/") {
  if (!target || !target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return fallback;
  return target;
}
