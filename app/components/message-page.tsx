import { Link } from "react-router";

/** A short page with a heading, a message and one way on (activation, deletion, e-mail change). */
export function MessagePage({ title, body, link, testId }: { title: string; body: string; link?: { to: string; label: string }; testId?: string }) {
  return (
    <main className="container-site py-16">
      <div className="mx-auto max-w-lg rounded-lg bg-white p-8 text-center shadow-sm" data-testid={testId}>
        <h1 className="text-2xl font-bold text-primary">{title}</h1>
        <p className="mt-4 leading-relaxed">{body}</p>
        {link ? <Link to={link.to} className="mt-6 inline-block rounded-full bg-primary px-6 py-2 font-semibold text-white">{link.label}</Link> : null}
      </div>
    </main>
  );
}
