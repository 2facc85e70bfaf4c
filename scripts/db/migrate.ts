// `npm run db:migrate`: applies pending migrations to DATABASE_URL (npm start does this itself).
import { applyMigrations } from "#server/database/schema-engine.ts";

const url = process.env.DATABASE_URL;
if (!url) {
  console.error("Set DATABASE_URL (npm start migrates the embedded database by itself).");
  process.exit(2);
}
const applied = await applyMigrations(url);
console.log(applied.length ? `applied: ${applied.join(", ")}` : "nothing to apply");
process.exit(0);
