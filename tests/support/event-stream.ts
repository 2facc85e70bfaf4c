// An open EventSource-like reader of /api/events for tests: the response headers and the events it
// got, in order, each with the time it arrived.
import http from "node:http";

export interface StreamEvent {
  type: string;
  data: unknown;
  at: number;
}

export function openStream(port: number, cookie: string, headers: Record<string, string> = {}) {
  const events: StreamEvent[] = [];
  let responseHeaders: http.IncomingHttpHeaders = {};
  let req!: http.ClientRequest;
  const opened = new Promise<void>((resolve, reject) => {
    req = http.get(
      { host: "127.0.0.1", port, path: "/api/events", headers: { host: "lovely.localhost", cookie, accept: "text/event-stream", ...headers } },
      (res) => {
        responseHeaders = res.headers;
        if (res.statusCode !== 200) return reject(new Error(`status ${res.statusCode}`));
        let buffer = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          buffer += chunk;
          let end;
          while ((end = buffer.indexOf("\n\n")) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const type = /^event: (.*)$/m.exec(block)?.[1];
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (type) events.push({ type, data: data ? JSON.parse(data) : null, at: Date.now() });
            if (type === "hello") resolve();
          }
        });
      },
    );
    req.on("error", reject);
  });
  return { events, opened, headers: () => responseHeaders, close: () => req.destroy() };
}
