// Serves the bare React Router build on a loopback port (node:http, no express): the
// framework's own request listener, nothing else. Plain JavaScript on Node's own loader, as the
// app's bundled server runs. With a file of captured pages (argv[3], scripts/bench/support/
// same-dom.ts) it also serves them at /same/N, compressed as the app compresses (server/app.ts).
import { readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { constants as zlibConstants } from "node:zlib";
import { createRequestListener } from "@react-router/node";
import compression from "compression";

if (process.argv[3]) globalThis.__sameDomPages = JSON.parse(readFileSync(process.argv[3], "utf8"));
const buildFile = path.resolve("build/bench-bare-react-router/server/index.js");
const build = await import(pathToFileURL(buildFile).href);
const listener = createRequestListener({ build, mode: "production" });
// the app's levels (server/whole-compression.ts: Brotli quality 2 since 2026-11-29, 4 before),
// through the middleware a bare app would use
const compress = compression({
  threshold: 1024,
  level: 6,
  brotli: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 2, [zlibConstants.BROTLI_PARAM_LGWIN]: 18 } },
});
const server = http.createServer((req, res) => {
  // the old same-size page (/?cards=N) stays uncompressed, as its ratio was measured
  if (req.url?.startsWith("/same/")) compress(req, res, () => listener(req, res));
  else listener(req, res);
});
server.listen(Number(process.argv[2] ?? 0), "127.0.0.1", () => console.log(`listening on ${server.address().port}`));
