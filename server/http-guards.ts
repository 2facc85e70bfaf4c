// Cheap refusals before any site or page code runs: HTTP methods we do not serve, bodies
// larger than any form of ours. Both answer in plain text: the request never reaches the
// part of the app that knows the visitor's language, and browsers never send them.
import type express from "express";

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** Photo uploads are refused with a proper message by the upload parser below this size. */
const MAX_MULTIPART_BYTES = 32 * 1024 * 1024;
/** Every other body: forms and JSON of ours are a few kilobytes. */
const MAX_BODY_BYTES = 1024 * 1024;

export const bodyLimit = (contentType: string | undefined) => (/^multipart\/form-data/i.test(contentType ?? "") ? MAX_MULTIPART_BYTES : MAX_BODY_BYTES);

export const methodGuard: express.RequestHandler = (req, res, next) => {
  if (METHODS.has(req.method)) return next();
  res
    .status(405)
    .set("Allow", [...METHODS].join(", "))
    .type("text")
    .send("Method not allowed");
};

export const bodySizeGuard: express.RequestHandler = (req, res, next) => {
  const length = Number(req.headers["content-length"] ?? 0);
  if (length > bodyLimit(req.headers["content-type"])) {
    res.status(413).set("Connection", "close").type("text").send("Request too large");
    return;
  }
  next();
};
