// The app over HTTP with a real SMTP server behind it and workers delivering to it: the setup of
// every integration test that reads the mails a request sends. Call at the top of a test file:
//   const { server, smtp } = useServerWithMail();
//   … await waitForMail(smtp.received, email)
import type { TestServer } from "./http.ts";
import { useEnv, useStarted, useTestServer, useWorkers } from "./fixtures.ts";
import { startSmtpServer } from "./smtp.ts";

export interface MailStack {
  server: TestServer;
  smtp: Awaited<ReturnType<typeof startSmtpServer>>;
}

/**
 * smtp: the test SMTP server's options (addresses it refuses for good, …); workers: only a mail
 * worker unless "all" (a file that runs a worker of its own, as privacy.test.ts does, keeps to the mail worker).
 */
export function useServerWithMail(options: { smtp?: Parameters<typeof startSmtpServer>[0]; workers?: "all" | "mail" } = {}): MailStack {
  const smtp = useStarted(
    () => startSmtpServer(options.smtp),
    (started) => started.close(),
  );
  useEnv(() => ({ SMTP_URL: smtp.url }));
  const server = useTestServer();
  useWorkers(options.workers ?? "mail");
  return { server, smtp };
}
