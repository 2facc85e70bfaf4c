// A mail's two parts from one template: the HTML, and the plain text read from that HTML
// (links written out after their label, as the tests and the development outbox read them).
import { render, toPlainText } from "@react-email/render";
import { createElement, type FunctionComponent } from "react";

export async function renderMail<P extends object>(template: FunctionComponent<P>, props: P) {
  const html = await render(createElement(template, props));
  return { html, text: toPlainText(html) };
}
