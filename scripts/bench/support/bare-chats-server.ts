// The baseline of bench:chats-api: a bare node:http server that, for every request, runs the
// SQL statements one real GET /api/chats.php ran (in the same order, through a pg pool of the
// app's size) and answers the same JSON. No framework, no session handling, no ORM.
import { readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import pg from "pg";

const { url, queries, body } = JSON.parse(readFileSync(process.argv[2]!, "utf8")) as {
  url: string;
  queries: { text: string; values?: unknown[]; rowMode?: string }[];
  body: string;
};
const pool = new pg.Pool({ connectionString: url, max: 10 });
const bytes = Buffer.from(body);

const server = http.createServer(async (_req, res) => {
  try {
    for (const q of queries) await pool.query({ text: q.text, values: q.values, ...(q.rowMode === "array" ? { rowMode: "array" as const } : {}) });
    res.writeHead(200, { "content-type": "application/json", "content-length": bytes.length, "cache-control": "private, no-store" });
    res.end(bytes);
  } catch (error) {
    res.writeHead(500).end(String(error));
  }
});
server.listen(0, "127.0.0.1", () => console.log(`listening on ${(server.address() as AddressInfo).port}`));
