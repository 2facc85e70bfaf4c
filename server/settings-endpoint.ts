// GET/HEAD /api/settings.php answered before React Router. Every page of the product asks for
// it and it depends only on the site, the language and the visitor's country: no session, no
// tracking, no page middleware. Through React Router it ran at 0.03 of a bare node:http server
// (issue 14); other methods and unreadable URLs still go on to React Router (405, 400).
import type express from "express";
import { settingsAnswer } from "#app/tenancy/settings-answer.server.ts";
import type { Site } from "#app/tenancy/site-schema.ts";

const PATH = "/api/settings.php";

export function settingsEndpoint(geoCountry: (req: express.Request) => string | null): express.RequestHandler {
  return (req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || req.path !== PATH) return next();
    const query = req.originalUrl.slice(req.originalUrl.indexOf("?") + 1 || req.originalUrl.length);
    let params: URLSearchParams;
    try {
      params = new URLSearchParams(query);
      for (const [name, value] of params) if (name.includes("\0") || value.includes("\0")) return next();
    } catch {
      return next();
    }
    const site = (res.locals.resolvedSite as { site: Site }).site;
    settingsAnswer(site, {
      cookie: req.headers.cookie ?? null,
      acceptLanguage: req.headers["accept-language"] ?? null,
      geoCountry: geoCountry(req),
      selectedCountry: params.get("country"),
    }).then((answer) => {
      res.set({ "Cache-Control": answer.cacheControl, Vary: answer.vary, ETag: answer.etag, "Content-Type": "application/json; charset=utf-8" });
      if (answer.setCookie) res.append("Set-Cookie", answer.setCookie);
      res.send(answer.json);
    }, next);
  };
}
