// The push queue: web push of new messages, likes and matches to each device of the recipient
// (app/notifications/push.server.ts decides who and what).
import type { Job } from "bullmq";
import { runPushJob, type PushJob } from "#app/notifications/push.server.ts";

export const pushJob = (job: Job<PushJob>) => runPushJob(job.data);
