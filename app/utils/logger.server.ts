// Structured logs (pino): one JSON line per event. Secrets never reach them: credentials,
// cookies and one-time tokens are redacted at the source.
import pino from "pino";
import { getEnv } from "./env.server.ts";
import { singleton } from "./singleton.ts";

export const getLogger = () =>
  singleton("logger", () =>
    pino({
      level: getEnv().logLevel,
      redact: {
        paths: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]', "password", "*.password", "token", "*.token"],
        censor: "[redacted]",
      },
    }),
  );

const SECRET_PARAMS = /([?&](?:token|code|otp|password)=)[^&#]*/gi;

/** A URL as logs may show it: one-time tokens in the query replaced. */
export const redactUrl = (url: string) => url.replace(SECRET_PARAMS, "$1[redacted]");
