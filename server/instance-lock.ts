// One running server per data folder: a second `npm start` on the same folder would rebuild
// the assets under the running one and fight over the embedded database. The server writes
// its pid and port to DATA_DIR/server.pid; a start checks it before doing anything.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

export class InstanceRunning extends Error {}

const lockFile = (dataDir: string) => path.join(dataDir, "server.pid");

/** A process with this id exists (one of another user counts). */
export function processAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Throws InstanceRunning, naming the pid and address, when another live server holds the folder. */
export function assertNotRunning(dataDir: string) {
  let holder: { pid: number; port: number } | null = null;
  try {
    holder = JSON.parse(readFileSync(lockFile(dataDir), "utf8"));
  } catch {
    return;
  }
  if (holder && holder.pid !== process.pid && processAlive(holder.pid)) {
    throw new InstanceRunning(
      `Rendezvous is already running from ${dataDir} (pid ${holder.pid}, http://localhost:${holder.port}).\n` +
        `Stop it first (Ctrl-C in its terminal, or kill ${holder.pid}), or start a second copy with its own DATA_DIR, PORT and EMBEDDED_PG_PORT.`,
    );
  }
}

export function acquireInstanceLock(dataDir: string, port: number) {
  assertNotRunning(dataDir);
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(lockFile(dataDir), JSON.stringify({ pid: process.pid, port }));
  return () => {
    try {
      if (JSON.parse(readFileSync(lockFile(dataDir), "utf8")).pid === process.pid) rmSync(lockFile(dataDir));
    } catch {
      /* already gone */
    }
  };
}
