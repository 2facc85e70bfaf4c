// The lower bound of `npm run bench:http`: a bare node:http server answering each path with
// the exact bytes (and content type) the app answered, from memory. No framework, no work.
// Plain JavaScript: it runs on Node's own loader, as the app's bundled server does.
import { readFileSync } from "node:fs";
import http from "node:http";

const pages = JSON.parse(readFileSync(process.argv[2], "utf8"));
const answers = new Map(Object.entries(pages).map(([p, { type, body }]) => [p, { type, bytes: Buffer.from(body) }]));

const server = http.createServer((req, res) => {
  const answer = answers.get(req.url ?? "");
  if (!answer) return void res.writeHead(404).end();
  res.writeHead(200, { "content-type": answer.type, "content-length": answer.bytes.length, "cache-control": "private, no-cache" });
  res.end(answer.bytes);
});
server.listen(Number(process.argv[3] ?? 0), "127.0.0.1", () => console.log(`listening on ${server.address().port}`));
