// A real SMTP server on a loopback port that keeps what it receives.
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/** rejectFirst: the first n messages get a temporary 451; refuseRecipients: these addresses get 550 (no such mailbox) at RCPT TO, or 452 (mailbox full) when listed in deferRecipients. */
export async function startSmtpServer(options: { rejectFirst?: number; refuseRecipients?: string[]; deferRecipients?: string[] } = {}) {
  const received: ReceivedMail[] = [];
  let toReject = options.rejectFirst ?? 0;
  let attempts = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(address, _session, callback) {
      const refuse = (code: number, text: string) => callback(Object.assign(new Error(text), { responseCode: code }));
      if (options.refuseRecipients?.includes(address.address)) return refuse(550, "No such mailbox");
      if (options.deferRecipients?.includes(address.address)) return refuse(452, "Mailbox full, try again later");
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        attempts++;
        if (toReject > 0) {
          toReject--;
          const error = Object.assign(new Error("Try again later"), { responseCode: 451 });
          return callback(error);
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    attempts: () => attempts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
