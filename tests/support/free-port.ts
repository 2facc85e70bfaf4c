// A loopback port nobody listens on now: for servers a test starts that cannot take port 0
// (the embedded PostgreSQL), so that test runs of several checkouts on one machine never collide.
import { createServer } from "node:net";

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}
