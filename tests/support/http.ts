// The real app (production build + express host) on a loopback port, and requests that can
// set the Host header (fetch cannot).
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { createApp } from "#server/app.ts";
import { parseEnv } from "#app/utils/env.server.ts";
import { visitorIp } from "./visitor.ts";

export interface TestServer {
  port: number;
  close(): Promise<void>;
}

/** clientDir: the built client files it serves (build/client unless given) */
export async function startTestServer(envOverrides: Record<string, string> = {}, clientDir = path.resolve("build/client")): Promise<TestServer> {
  const build = (await import(pathToFileURL(path.resolve("build/server/index.js")).href)) as ServerBuild;
  const env = parseEnv({ ...process.env, NODE_ENV: "test", ...envOverrides });
  const app = createApp({ env, build, clientDir });
  const server = await new Promise<http.Server>((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface TestResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** the body's bytes, for binary answers (a zip, a PDF) */
  bytes: Buffer;
  /** The rendered markup without <script> elements: what a reader sees, not the hydration data
   * (which carries the whole translation catalogue and would make text assertions vacuous). */
  html: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a test reads the answer it expects
  json<T = any>(): T;
}

export function request(
  server: TestServer,
  pathname: string,
  /** ip: the loopback address the request leaves from (the visitor's IP); the current test's by default */
  options: { host?: string; method?: string; headers?: Record<string, string>; body?: string | Buffer; ip?: string } = {},
): Promise<TestResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port: server.port,
        path: pathname,
        localAddress: options.ip ?? visitorIp(),
        method: options.method ?? "GET",
        headers: { host: options.host ?? "lovely.localhost", ...options.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () => {
          const bytes = Buffer.concat(chunks);
          const body = bytes.toString("utf8");
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body,
            bytes,
            html: body.replace(/<script\b[\s\S]*?<\/script>/g, ""),
            json: () => JSON.parse(body),
          });
        });
      },
    );
    req.on("error", reject);
    if (options.body) req.write(options.body);
    req.end();
  });
}

/** Posts an HTML form the way a browser without JavaScript does. */
export function postForm(
  server: TestServer,
  pathname: string,
  fields: Record<string, string>,
  options: { host?: string; headers?: Record<string, string>; ip?: string } = {},
) {
  return request(server, pathname, {
    ...options,
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...options.headers },
    body: new URLSearchParams(fields).toString(),
  });
}
