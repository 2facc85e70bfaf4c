// The `headers` export of page routes whose actions can refuse with 429: document responses take
// their headers from here, so Retry-After reaches the browser as it does on the JSON API.
import type { HeadersFunction } from "react-router";

export const retryAfterHeaders: HeadersFunction = ({ actionHeaders, parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};
