// Who may read the traffic report: whoever holds OPS_TOKEN (query `token` or
// `Authorization: Bearer …`). Without OPS_TOKEN configured the report does not exist (404).
import { timingSafeEqual } from "node:crypto";
import { z } from "zod";
import type { RouterContextProvider } from "react-router";
import { getEnv } from "#app/utils/env.server.ts";
import { refuse } from "#app/utils/request.server.ts";
import { MAX_REPORT_DAYS, type ReportDetail } from "./report.server.ts";

const DEFAULT_REPORT_DAYS = 30;

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** The token the request presented, when it is the operators' token; else a 404 or 401. */
export function requireOpsToken(request: Request, context: Readonly<RouterContextProvider>): string {
  const expected = getEnv().OPS_TOKEN;
  if (!expected) refuse(context, 404, "errors.notFound");
  const bearer = /^Bearer (.+)$/.exec(request.headers.get("authorization") ?? "")?.[1];
  const given = bearer ?? new URL(request.url).searchParams.get("token") ?? "";
  if (!given || given.length > 200 || !same(given, expected)) refuse(context, 401, "landerPages.ops.denied");
  return given;
}

export const reportDays = (url: URL) =>
  z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_REPORT_DAYS)
    .catch(DEFAULT_REPORT_DAYS)
    .parse(url.searchParams.get("days") ?? undefined);

/** ?detail=subs breaks the sources down to sub1 to sub3; anything else is the network + ref report. */
export const reportDetail = (url: URL): ReportDetail => (url.searchParams.get("detail") === "subs" ? "subs" : "source");
