// `npm start`, in one plain Node process (no TypeScript loader, no nested npm, no second process
// for the server): generates the Prisma client and builds the app, each only when its sources
// changed, then runs the production server (build/server/main.js) in this process. Before a build
// it checks the environment and that no server runs from this data folder (the build would
// delete that server's assets). Without a build the server checks both itself on start.
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { buildApp, buildIsCurrent } from "./build-if-changed.mjs";
import { generatePrismaClient } from "./prisma-generate.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));

generatePrismaClient();
if (buildIsCurrent()) {
  console.log("build/ is up to date with the sources: not rebuilding");
} else {
  try {
    execFileSync(process.execPath, ["--import", "tsx", "scripts/start-check.ts"], { cwd: root, stdio: "inherit" });
  } catch {
    process.exit(1); // start-check said why
  }
  buildApp();
}
// React and the server read NODE_ENV when they load
process.env.NODE_ENV = "production";
await import("../build/server/main.js");
