// GET/HEAD /api/settings.php answered first, on node:http before express, its request log, the
// page security headers and React Router. Every page of the product asks for it and it depends only
// on the site, the language and the visitor's country: no session, no tracking, no page
// middleware. Through React Router it ran at 0.03 of a bare node:http server, behind the express
// middleware at 0.10, as express's first middleware at 0.13. It sends the same security headers
// (without the documents' CSP). Its request log line is at level debug: every page asks for the
// settings, so at info they were about half of the log's lines and a third of the answer's CPU
// (docs/benchmarks.md); a failure is still logged at error. Other methods and unreadable URLs go on
// to express and React Router (405, 400).
import type { IncomingMessage, ServerResponse } from "node:http";
import fresh from "fresh";
import type { ResolvedSite } from "#app/tenancy/host.server.ts";
import { settingsAnswer, settingsAnswerNow, type SettingsAnswer } from "#app/tenancy/settings-answer.server.ts";
import type { Logger } from "pino";
import { currentRequestId } from "#app/utils/request-id.server.ts";
import { logAnswer } from "./request-log.ts";

const PATH = "/api/settings.php";

export interface SettingsEndpointOptions {
  /** the site asked about: the Host's, or the one of the forced `domain` parameter (forcedSite) */
  site: (req: IncomingMessage, forcedDomain: string | null) => ResolvedSite | null;
  geoCountry: (req: IncomingMessage) => string | null;
  /** the security headers every answer carries, as [name, value] pairs */
  headers: () => [string, string][];
  logger: Logger;
  failed: (res: ServerResponse, error: unknown) => void;
}

/** Answers the request and returns true, or returns false for the rest of the app to answer. */
export function settingsEndpoint({ site, geoCountry, headers, logger, failed }: SettingsEndpointOptions) {
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const url = req.url ?? "";
    if ((req.method !== "GET" && req.method !== "HEAD") || !isSettingsUrl(url)) return false;
    const query = url.slice(url.indexOf("?") + 1 || url.length);
    let params: URLSearchParams;
    try {
      params = new URLSearchParams(query);
      for (const [name, value] of params) if (name.includes("\0") || value.includes("\0")) return false;
    } catch {
      return false;
    }
    const resolved = site(req, params.get("domain"));
    if (!resolved) return false; // the host's own 404 page
    const started = performance.now();
    const question = {
      cookie: req.headers.cookie ?? null,
      acceptLanguage: req.headers["accept-language"] ?? null,
      geoCountry: geoCountry(req),
      selectedCountry: params.get("country"),
    };
    const send = (answer: SettingsAnswer) => {
      // headers as one kept list through writeHead: setHeader's per-header work was a fifth of
      // the answer's time
      const kept = answerHeaders(headers(), answer);
      const reqId = currentRequestId();
      const extra = [...(reqId ? ["X-Request-Id", reqId] : []), ...(answer.setCookie ? ["Set-Cookie", answer.setCookie] : [])];
      if (fresh(req.headers, { etag: answer.etag })) {
        res.writeHead(304, [...kept.notModified, ...extra]);
        res.end();
      } else {
        res.writeHead(200, [...kept.full, ...extra]);
        res.end(req.method === "HEAD" ? undefined : answer.json);
      }
      logAnswer(logger, req, res, resolved.site.key, started, { answered: "debug", route: "settings" });
    };
    // known languages (every request after a site's first few) are answered without a promise
    try {
      const known = settingsAnswerNow(resolved.site, question);
      if (known) send(known);
      else
        settingsAnswer(resolved.site, question)
          .then(send)
          .catch((error: unknown) => failed(res, error));
    } catch (error) {
      failed(res, error); // as on the promise path: a 500 page, not an exception out of the server's listener
    }
    return true;
  };
}

interface KeptHeaders {
  full: string[];
  notModified: string[];
}
const answerHeaderCache = new WeakMap<[string, string][], Map<string, KeptHeaders>>();
const MAX_KEPT_HEADERS = 1000;

/** An answer's headers as flat lists (a 200 and a 304), kept per security headers and answer. */
function answerHeaders(security: [string, string][], answer: SettingsAnswer): KeptHeaders {
  let byAnswer = answerHeaderCache.get(security);
  if (!byAnswer) answerHeaderCache.set(security, (byAnswer = new Map()));
  const key = `${answer.etag} ${answer.cacheControl} ${answer.vary}`;
  let kept = byAnswer.get(key);
  if (!kept) {
    if (byAnswer.size >= MAX_KEPT_HEADERS) byAnswer.clear();
    const notModified = [...security.flat(), "Cache-Control", answer.cacheControl, "Vary", answer.vary, "ETag", answer.etag];
    kept = { notModified, full: [...notModified, "Content-Type", "application/json; charset=utf-8", "Content-Length", String(Buffer.byteLength(answer.json))] };
    byAnswer.set(key, kept);
  }
  return kept;
}

/** The path alone, undecoded: "/api/settings.php" or "/api/settings.php?…". */
function isSettingsUrl(url: string) {
  return url.startsWith(PATH) && (url.length === PATH.length || url[PATH.length] === "?");
}
