// A rendered page is whole before it is answered (app/entry.server.tsx renders to one buffer).
// The buffer rides along on its Response under this symbol, so the HTTP host writes it with one
// call instead of reading it back through the Response's web stream (a stream, a reader and a
// write per chunk, for bytes that are already in memory).
export const WHOLE_BODY = Symbol.for("rendezvous.whole-body");

export function wholeBody(response: Response): Buffer | undefined {
  const body = (response as Response & { [WHOLE_BODY]?: Buffer })[WHOLE_BODY];
  return body && !response.bodyUsed ? body : undefined;
}
