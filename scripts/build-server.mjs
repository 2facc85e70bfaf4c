// Bundles the server entry (server/main.ts) into plain JavaScript, build/server/main.js, so that
// `npm start` and `start:prod` run on Node's own module loader.
// Under tsx every import, node_modules included, went through a loader thread and its source
// maps stayed in memory: the started server used 440 MB, bundled 317 MB (same machine and load).
// Packages stay external: they load from node_modules as before, one copy each.
// Split in chunks so that server/main.ts's dynamic import of ./serve.ts stays a separate module:
// the embedded PostgreSQL starts before the packages the rest of the server needs are loaded.
import { build } from "esbuild";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));

await build({
  absWorkingDir: root,
  entryPoints: { main: "server/main.ts" },
  outdir: "build/server",
  bundle: true,
  format: "esm",
  splitting: true,
  chunkNames: "chunks/[name]-[hash]",
  platform: "node",
  target: "node20",
  packages: "external",
  jsx: "automatic",
  // `npm run dev` imports Vite from the same entry; production never loads it
  external: ["vite"],
  sourcemap: "linked",
  logLevel: "warning",
});
