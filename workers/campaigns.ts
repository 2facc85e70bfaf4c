// The campaigns queue: every minute, start the news and promotion campaigns whose time has come
// and mail their audience in batches (app/campaigns/sender.server.ts decides who gets what, when).
import { runCampaigns } from "#app/campaigns/sender.server.ts";

const MINUTE_MS = 60_000;

export const CAMPAIGN_SCHEDULES = [{ id: "campaigns-due", every: MINUTE_MS, job: "campaigns-due" }] as const;

export const campaignsJob = () => runCampaigns();
