// Runs `prisma generate` offline. The CLI insists on finding a schema-engine binary before it
// starts (it would download one); `generate` never executes it, so any existing file will do.
// Skips the work when the schema has not changed since the last generation.
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));

export function generatePrismaClient() {
  const schema = readFileSync(`${root}prisma/schema.prisma`, "utf8");
  const stamp = `${root}app/generated/prisma/.schema-hash`;
  const hash = createHash("sha256").update(schema).digest("hex");
  if (existsSync(stamp) && readFileSync(stamp, "utf8") === hash) return;

  execFileSync(process.execPath, [`${root}node_modules/prisma/build/index.js`, "generate"], {
    cwd: root,
    stdio: "inherit",
    env: {
      ...process.env,
      PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? process.execPath,
      PRISMA_HIDE_UPDATE_MESSAGE: "1",
      CHECKPOINT_DISABLE: "1",
    },
  });
  writeFileSync(stamp, hash);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) generatePrismaClient();
