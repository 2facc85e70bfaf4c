// Serves the bare React Router build on a loopback port (node:http, no express): the
// framework's own request listener, nothing else. Plain JavaScript on Node's own loader, as the
// app's bundled server runs.
import http from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestListener } from "@react-router/node";

const buildFile = path.resolve("build/bench-bare-react-router/server/index.js");
const build = await import(pathToFileURL(buildFile).href);
const server = http.createServer(createRequestListener({ build, mode: "production" }));
server.listen(Number(process.argv[2] ?? 0), "127.0.0.1", () => console.log(`listening on ${server.address().port}`));
