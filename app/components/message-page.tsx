import { Button, Card } from "./ui/index.ts";

/** A short page with a heading, a message and one way on (activation, deletion, e-mail change). */
export function MessagePage({ title, body, link, testId }: { title: string; body: string; link?: { to: string; label: string }; testId?: string }) {
  return (
    <main className="container-site py-16">
      <Card className="mx-auto max-w-lg text-center md:p-8" data-testid={testId}>
        <h1 className="text-2xl font-bold text-primary">{title}</h1>
        <p className="mt-4 leading-relaxed">{body}</p>
        {link ? (
          <Button to={link.to} className="mt-6">
            {link.label}
          </Button>
        ) : null}
      </Card>
    </main>
  );
}
