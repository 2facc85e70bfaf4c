// Each test is its own visitor: its requests leave from a loopback address of their own (the
// whole of 127.0.0.0/8 reaches a server on 127.0.0.1, no proxy needed), so what per-IP limits
// count for one test never reaches another test or test file running alongside it.
import { randomInt } from "node:crypto";

let current = "127.0.0.1";

export const visitorIp = () => current;

/** A fresh loopback address, e.g. for one of many visitors within a test. */
export const randomLoopbackIp = () => `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;

export function newVisitor() {
  current = randomLoopbackIp();
  return current;
}
