// A second app process for tests about what crosses processes: serves the production build on
// a loopback port (sent to the parent over IPC) and publishes live events when the parent asks.
import { getLiveBus, type LiveEvent } from "#app/live/bus.server.ts";
import { startTestServer } from "./http.ts";

const server = await startTestServer();
await getLiveBus().connect();
process.on("message", async (message: { publish?: { to: number[]; event: LiveEvent } }) => {
  if (message.publish) {
    await getLiveBus().publish(message.publish.to, message.publish.event);
    process.send?.({ published: true });
  }
});
process.send?.({ port: server.port });
