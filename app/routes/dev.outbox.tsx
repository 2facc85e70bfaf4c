// /dev/outbox: the mails that went to the local outbox (development without SMTP_URL only).
import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { data } from "react-router";
import type { Route } from "./+types/dev.outbox";
import { outboxDir } from "#app/mail/transport.server.ts";
import { visitorContext } from "#app/tenancy/context.ts";
import { getEnv } from "#app/utils/env.server.ts";

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

/** Only `npm run dev` without SMTP_URL, and only to a browser on this machine: the mails hold login links. */
export async function loader({ context }: Route.LoaderArgs) {
  const env = getEnv();
  if (env.NODE_ENV !== "development" || env.SMTP_URL || !LOOPBACK.test(context.get(visitorContext).ip)) throw data(null, { status: 404 });
  // files are named by the mail's id: newest first by modification time
  const names = (await readdir(outboxDir()).catch(() => [])).filter((f) => f.endsWith(".eml"));
  const dated = await Promise.all(names.map(async (f) => ({ f, at: (await stat(path.join(outboxDir(), f)).catch(() => null))?.mtimeMs ?? 0 })));
  const files = dated.sort((a, b) => b.at - a.at).slice(0, 50).map((d) => d.f);
  const mails = await Promise.all(files.map(async (file) => {
    const raw = await readFile(path.join(outboxDir(), file), "utf8");
    const header = (name: string) => new RegExp(`^${name}: (.*)$`, "mi").exec(raw)?.[1] ?? "";
    const links = [...new Set(raw.match(/https?:\/\/[^\s"<>]+token=[\w-]+/g) ?? [])];
    return { file, to: header("To"), subject: header("Subject"), date: header("Date"), links };
  }));
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
            <p className="text-sm text-black/60">{m.to} · {m.date}</p>
            {m.links.map((l) => <a key={l} href={l} className="block break-all text-sm text-primary underline">{l}</a>)}
          </li>
        ))}
      </ul>
    </main>
  );
}
