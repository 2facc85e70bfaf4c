// /dev/outbox: the mails that went to the local outbox (development without SMTP_URL only).
import { data } from "react-router";
import type { Route } from "./+types/dev.outbox";
import { readOutbox } from "#app/mail/outbox-reader.server.ts";
import { visitorContext } from "#app/tenancy/context.ts";
import { getEnv } from "#app/utils/env.server.ts";

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

/** Only `npm run dev` without SMTP_URL, and only to a browser on this machine: the mails hold login links. */
export async function loader({ context }: Route.LoaderArgs) {
  const env = getEnv();
  if (env.NODE_ENV !== "development" || env.SMTP_URL || !LOOPBACK.test(context.get(visitorContext).ip)) throw data(null, { status: 404 });
  const mails = await readOutbox();
  return { mails };
}

export default function Outbox({ loaderData }: Route.ComponentProps) {
  return (
    <main className="container-site py-10">
      <h1 className="text-2xl font-bold">Outbox (development)</h1>
      <ul className="mt-6 flex flex-col gap-3">
        {loaderData.mails.map((m) => (
          <li key={m.file} className="rounded bg-white p-4 shadow-sm">
            <p className="font-semibold">{m.subject}</p>
            <p className="text-sm text-black/60">
              {m.to} · {m.date}
            </p>
            {m.links.map((l) => (
              <a key={l} href={l} className="block break-all text-sm text-primary underline">
                {l}
              </a>
            ))}
          </li>
        ))}
      </ul>
    </main>
  );
}
