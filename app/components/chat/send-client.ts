// The browser's side of a send: a request whose answer never arrives (the connection dropped
// after the server may have stored it) comes back as a failed send the member can retry with
// the same client key, which the server stores and charges at most once; everything else
// (refusals, redirects, errors) goes on as React Router handles it.
import type { SendAnswer } from "#app/chat/thread-page.server.ts";

export async function sendOrOffline<T>(serverAction: () => Promise<T>): Promise<T | SendAnswer> {
  try {
    return await serverAction();
  } catch (error) {
    if (error instanceof TypeError) return { ok: false, error: null, clientKey: null };
    throw error;
  }
}
