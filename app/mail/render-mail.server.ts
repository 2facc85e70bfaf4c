// A mail's two parts from one template: the HTML, and the plain text read from that HTML
// (links written out after their label, as the tests and the development outbox read them).
// The renderer (with its HTML-to-text converter) loads with the first mail, not with the server;
// callers import their template the same way (`await import`), so React Email's components stay
// out of a start too (tests/integration/start-modules.test.ts).
import { createElement, type FunctionComponent } from "react";

export async function renderMail<P extends object>(template: FunctionComponent<P>, props: P) {
  const { render, toPlainText } = await import("@react-email/render");
  const html = await render(createElement(template, props));
  return { html, text: toPlainText(html) };
}
