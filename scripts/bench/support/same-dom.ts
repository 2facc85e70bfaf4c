// The same-DOM baseline's input: an app page's HTML turned into a static element tree (every
// element and attribute of the head and body, the app's own scripts left out: the bare app brings
// its framework's), and the text of the app's inline scripts (its loader data and route context),
// which the bare page's loader answers so that both pages carry data of the same size.
import { parseDocument } from "htmlparser2";
import type { Node, SameDomPage } from "../bare-react-router/app/routes/same-dom.tsx";

type ChildNode = ReturnType<typeof parseDocument>["children"][number];
type Element = Extract<ChildNode, { attribs: Record<string, string> }>;

/** HTML attribute names React knows under another name. */
const RENAMED: Record<string, string> = {
  class: "className",
  for: "htmlFor",
  charset: "charSet",
  "http-equiv": "httpEquiv",
  tabindex: "tabIndex",
  readonly: "readOnly",
  maxlength: "maxLength",
  minlength: "minLength",
  autocomplete: "autoComplete",
  autofocus: "autoFocus",
  crossorigin: "crossOrigin",
  srcset: "srcSet",
  novalidate: "noValidate",
  enctype: "encType",
  fetchpriority: "fetchPriority",
  inputmode: "inputMode",
  enterkeyhint: "enterKeyHint",
  referrerpolicy: "referrerPolicy",
  spellcheck: "spellCheck",
  colspan: "colSpan",
  rowspan: "rowSpan",
  datetime: "dateTime",
  accesskey: "accessKey",
  "accept-charset": "acceptCharset",
};
/** Attributes whose presence is the value: React renders them for `true`, drops them for "". */
const BOOLEAN = new Set([
  "disabled",
  "checked",
  "selected",
  "required",
  "multiple",
  "hidden",
  "open",
  "readOnly",
  "autoFocus",
  "noValidate",
  "inert",
  "async",
  "defer",
  "muted",
  "playsinline",
  "controls",
  "loop",
  "default",
  "reversed",
  "itemscope",
  "allowfullscreen",
  "formnovalidate",
  "nomodule",
]);

const camel = (name: string) => name.replace(/[-:]([a-z])/g, (_, c: string) => c.toUpperCase());

function styleObject(style: string) {
  const out: Record<string, string> = {};
  for (const declaration of style.split(";")) {
    const at = declaration.indexOf(":");
    if (at < 0) continue;
    const property = declaration.slice(0, at).trim();
    out[property.startsWith("--") ? property : camel(property)] = declaration.slice(at + 1).trim();
  }
  return out;
}

function props(element: Element) {
  const out: Record<string, unknown> = {};
  for (const [raw, value] of Object.entries(element.attribs)) {
    const name = RENAMED[raw] ?? (raw.includes(":") ? camel(raw) : raw);
    if (name === "style") out.style = styleObject(value);
    else if (BOOLEAN.has(name)) out[name] = true;
    else out[name] = value;
  }
  return Object.keys(out).length ? out : null;
}

function convert(node: ChildNode): Node | null {
  if (node.type === "text") return node.data;
  if (node.type !== "tag" && node.type !== "style") return null; // comments, scripts, directives
  const element = node as Element;
  if (element.name === "style") {
    const css = element.children.map((c) => (c.type === "text" ? c.data : "")).join("");
    return ["style", { ...props(element), dangerouslySetInnerHTML: { __html: css } }];
  }
  return [element.name, props(element), ...element.children.map(convert).filter((c): c is Node => c !== null)];
}

/** The page with `bytes` fewer characters of data: the bare app's own framework data is smaller than the app's. */
export function trimmed(page: SameDomPage, bytes: number): SameDomPage {
  return { ...page, payload: page.payload.slice(0, Math.max(0, page.payload.length - bytes)) };
}

export function sameDomPage(html: string): SameDomPage {
  const document = parseDocument(html, { lowerCaseAttributeNames: false, lowerCaseTags: false });
  const find = (name: string, nodes: ChildNode[]): Element | null => {
    for (const n of nodes) {
      if (n.type === "tag" && (n as Element).name === name) return n as Element;
      const inner = "children" in n ? find(name, (n as Element).children) : null;
      if (inner) return inner;
    }
    return null;
  };
  const head = find("head", document.children);
  const body = find("body", document.children);
  const tree = [...(head?.children ?? []), ...(body?.children ?? [])].map(convert).filter((c): c is Node => c !== null);
  // without quotes and backslashes, which the loader's encoding would escape: one character, one byte
  const payload = [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)]
    .map((m) => m[1])
    .join("\n")
    .replace(/["\\]/g, "");
  return { tree, payload };
}
