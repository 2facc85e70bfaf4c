// GET /same/N: the app's measured page N with its own DOM: every element and attribute the app
// answered (captured by bench:http, scripts/bench/support/same-dom.ts), as a static React element
// tree built once, and loader data of the size of the app's page data. React renders the same DOM
// the app renders; what the app adds beyond that (sessions, data, i18n, middleware, component
// work) is the difference.
import { createElement, type ReactNode } from "react";
import type { LoaderFunctionArgs } from "react-router";
import { useLoaderData } from "react-router";

/** [tag, props, ...children]; a string is text. */
export type Node = string | [string, Record<string, unknown> | null, ...Node[]];
export interface SameDomPage {
  tree: Node[];
  payload: string;
}

const pages = () => (globalThis as { __sameDomPages?: SameDomPage[] }).__sameDomPages ?? [];
const built = new Map<number, ReactNode>();

function element(node: Node, key: number): ReactNode {
  if (typeof node === "string") return node;
  const [tag, props, ...children] = node;
  return createElement(tag, { ...props, key }, ...children.map(element));
}

export function loader({ params }: LoaderFunctionArgs) {
  const page = Number(params.page);
  const found = pages()[page];
  if (!found) throw new Response("no such page", { status: 404 });
  return { page, payload: found.payload };
}

export default function SameDom() {
  const { page } = useLoaderData<typeof loader>();
  let tree = built.get(page);
  if (tree === undefined) built.set(page, (tree = pages()[page]!.tree.map(element)));
  return tree;
}
