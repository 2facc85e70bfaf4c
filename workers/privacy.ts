// The privacy queue: builds a member's data export and mails its link (app/privacy/exports.server.ts).
import { buildExport } from "#app/privacy/exports.server.ts";

export interface PrivacyJob {
  exportId: number;
}

export async function privacyJob(job: { name: string; data: PrivacyJob }) {
  if (job.name === "build-export") return buildExport(job.data.exportId);
  throw new Error(`unknown privacy job ${job.name}`);
}
