// Where export zips live: DATA_DIR/exports/<random>.zip, named only by the data_exports row.
import { rm } from "node:fs/promises";
import path from "node:path";
import { getDb } from "#app/utils/db.server.ts";
import { getEnv } from "#app/utils/env.server.ts";

const exportsDir = () => path.join(getEnv().dataDir, "exports");

/** The file of a stored name (never outside the folder, whatever the name holds). */
export const exportFile = (name: string) => path.join(exportsDir(), path.basename(name));

export const removeExportFile = (name: string | null) => (name ? rm(exportFile(name), { force: true }) : Promise.resolve());

/** Deletes the zips of a member's exports (erasure); the rows go in the caller's transaction. */
export async function removeExportFiles(userId: number) {
  const rows = await getDb().dataExport.findMany({ where: { userId }, select: { file: true } });
  await Promise.all(rows.map((r) => removeExportFile(r.file)));
}
