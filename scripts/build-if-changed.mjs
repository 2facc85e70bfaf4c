// Builds the app (`react-router build`) unless the build in build/ was made from exactly the
// sources there are now: `npm start` then starts in about a second instead of building for
// several. The stamp (build/.source-hash) holds a hash of every file the build reads and the
// server entry's size and time, so a build made by anything else (the test setup, a build of
// other sources) is never mistaken for this one. It also holds a hash of the files' names, sizes
// and modification times: while those are the same the contents are not read again (reading and
// hashing them took 150 ms of every start). `--always` builds regardless and writes the stamp.
import { createHash } from "node:crypto";
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const stampFile = path.join(root, "build/.source-hash");
const serverEntry = path.join(root, "build/server/index.js");
/** What the builds read: the app (with the generated Prisma client), the server entry and workers, public files, configuration, dependencies. */
const inputs = [
  "app",
  "server",
  "workers",
  "prisma",
  "public",
  "react-router.config.ts",
  "vite.config.ts",
  "tsconfig.json",
  "package.json",
  "package-lock.json",
  "scripts/build-server.mjs",
  "scripts/precompress.mjs",
];

function files(entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [entry];
  return readdirSync(full, { withFileTypes: true })
    .filter((d) => !d.name.startsWith(".") || d.name === ".schema-hash")
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((d) => files(path.join(entry, d.name)));
}

function sourceHash(list) {
  const hash = createHash("sha256");
  for (const file of list)
    hash
      .update(file)
      .update("\0")
      .update(readFileSync(path.join(root, file)))
      .update("\0");
  return hash.digest("hex");
}

function statsHash(list) {
  const hash = createHash("sha256");
  for (const file of list) {
    const { size, mtimeMs } = statSync(path.join(root, file));
    hash.update(`${file}\0${size}\0${mtimeMs}\0`);
  }
  return hash.digest("hex");
}

const builtFrom = () => {
  const { size, mtimeMs } = statSync(serverEntry);
  return `${size}:${mtimeMs}`;
};

/** Whether build/ was made from exactly the sources there are now (by this script). */
export function buildIsCurrent() {
  if (!existsSync(serverEntry) || !existsSync(stampFile)) return false;
  const stamp = JSON.parse(readFileSync(stampFile, "utf8"));
  if (stamp.server !== builtFrom()) return false;
  const list = inputs.flatMap(files);
  const stats = statsHash(list);
  if (stamp.stats === stats) return true;
  if (stamp.sources !== sourceHash(list)) return false;
  writeFileSync(stampFile, JSON.stringify({ ...stamp, stats })); // the same contents with newer times (a checkout, a touch)
  return true;
}

export function buildApp() {
  const list = inputs.flatMap(files);
  const [sources, stats] = [sourceHash(list), statsHash(list)];
  // always a production build, whoever asks: under vitest (NODE_ENV=test) Vite would otherwise
  // bundle React's development build into the client, and the stamp would let `npm start` serve it
  execFileSync(process.execPath, [path.join(root, "node_modules/@react-router/dev/bin.js"), "build"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  // after the React Router build, which empties build/server first
  execFileSync(process.execPath, [path.join(root, "scripts/build-server.mjs")], { cwd: root, stdio: "inherit" });
  // Brotli and gzip copies of the client files, served by Accept-Encoding (server/app.ts)
  execFileSync(process.execPath, [path.join(root, "scripts/precompress.mjs"), "build/client"], { cwd: root, stdio: "inherit" });
  writeFileSync(stampFile, JSON.stringify({ sources, stats, server: builtFrom() }));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (!process.argv.includes("--always") && buildIsCurrent()) console.log("build/ is up to date with the sources: not rebuilding");
  else buildApp();
}
