// React Router is patched (patches/react-router+*.patch, docs/decisions/047-react-router-patch.md): the routes a page
// renders with are built once per build instead of on every render, and the server indexes its
// ranked route branches by their first path segment, so a request tries only the branches that
// could match it, and a link to an absolute path resolves it without the route matches. These
// check that the patched router picks the very routes React Router's own full scan picks, for
// every route of the app and for odd paths, and that links resolve as React Router resolves them.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { RouteObject, ServerBuild } from "react-router";
import { describe, expect, it, vi } from "vitest";

const build = (await import(pathToFileURL(path.resolve("build/server/index.js")).href)) as ServerBuild;
type Router = typeof import("react-router");
// The patch changes React Router's ES module build, which the server build loads, and its CommonJS
// build, which "react-router" resolves to here: both are checked.
const variants: [string, Router][] = [
  ["ES module build", (await import(pathToFileURL(path.resolve("node_modules/react-router/dist/development/index.mjs")).href)) as Router],
  ["CommonJS build", await import("react-router")],
];

/** The app's route tree as React Router builds it from the build's manifest (ids, paths, nesting). */
function routeTree(parentId?: string): RouteObject[] {
  return Object.values(build.routes)
    .filter((route) => route!.parentId === parentId)
    .map((route) => {
      const children = routeTree(route!.id);
      return route!.index
        ? { id: route!.id, index: true, path: route!.path }
        : { id: route!.id, path: route!.path, caseSensitive: route!.caseSensitive, ...(children.length ? { children } : {}) };
    });
}
const routes = routeTree();

function fullPaths(tree: RouteObject[], parent = ""): string[] {
  return tree.flatMap((route) => {
    const own = [parent, route.path ?? ""].filter(Boolean).join("/");
    return [own, ...fullPaths(route.children ?? [], own)];
  });
}

/** Concrete URLs for a route pattern: parameters filled in, optional segments with and without. */
function examples(pattern: string): string[] {
  const segments = pattern.split("/").filter(Boolean);
  let paths = [""];
  for (const segment of segments) {
    const value = segment === "*" ? ["a/b"] : segment.startsWith(":") ? ["42"] : [segment.replace(/\?$/, "")];
    const optional = segment.endsWith("?");
    paths = paths.flatMap((p) => [...value.map((v) => `${p}/${v}`), ...(optional ? [p] : [])]);
  }
  return paths.map((p) => p || "/");
}

const odd = [
  "/",
  "//likes",
  "/likes/",
  "/LIKES",
  "/Members/42",
  "/members//42",
  "/%E2%9C%93",
  "/caf%C3%A9/x",
  "/ünïcode",
  "/members/42/unknown",
  "/no-such-page/at/all",
  "/api/settings.php",
  "/.well-known/x",
  "/a.b~c_d-e",
];

const ids = (matches: { route: { id?: string } }[] | null) => matches?.map((m) => m.route.id) ?? null;

describe.each(variants)("route matching with the patched React Router, %s", (_name, { createStaticHandler, createStaticRouter, matchRoutes }) => {
  const candidates = [...new Set([...fullPaths(routes).flatMap(examples), ...odd])];

  it("matches every route of the app and odd paths as React Router's full scan does", async () => {
    const handler = createStaticHandler(routes);
    expect(candidates.length).toBeGreaterThan(100);
    for (const pathname of candidates) {
      const expected = ids(matchRoutes(routes, pathname));
      const context = await handler.query(new Request(`http://lovely.localhost${pathname}`));
      if (context instanceof Response) throw new Error(`${pathname}: a response, not a context`);
      if (expected) expect(ids(context.matches), pathname).toEqual(expected);
      else expect(context.statusCode, pathname).toBe(404);
    }
  });

  it("builds the data routes of one route list once, not for every page", async () => {
    const context = await createStaticHandler(routes).query(new Request("http://lovely.localhost/likes"));
    if (context instanceof Response) throw new Error("a response, not a context");
    expect(createStaticRouter(routes, context).routes).toBe(createStaticRouter(routes, context).routes);
  });
});

// The patch also lets a link to an absolute path skip serialising the route matches it would
// resolve a relative path against (several times per link, every render), and keeps the resolved
// absolute paths. Every kind of link must still resolve as React Router resolves it.
describe.each(variants)("links with the patched React Router, %s", (_name, router) => {
  const { createStaticHandler, createStaticRouter, StaticRouterProvider, Link, NavLink, Outlet } = router;
  const targets: [To, string, ("path" | "route")?][] = [
    ["/likes", "/likes"],
    ["/members/7?page=2#top", "/members/7?page=2#top"],
    ["/likes/", "/likes/"],
    ["//x//y", "//x//y"], // a protocol-relative URL, left as it is
    ["/a/../b", "/b"],
    ["\\x", "/x"],
    [{ pathname: "/p", search: "?q=1" }, "/p?q=1"],
    ["photos", "/members/42/chat/photos"],
    ["..", "/members/42"],
    ["../..", "/"],
    ["..", "/members/42", "path"],
    ["?tab=x", "/members/42/chat?tab=x"],
    ["", "/members/42/chat"],
    [{ pathname: "rel" }, "/members/42/chat/rel"],
    [{ pathname: "/p/", hash: "#h" }, "/p/#h"],
    [{ pathname: "/a", search: "q=1" }, "/a?q=1"],
    ["/café ", "/café "],
  ];
  type To = string | { pathname?: string; search?: string; hash?: string };

  async function render(leaf: () => React.ReactNode) {
    const tree: RouteObject[] = [
      {
        path: "/",
        element: createElement(Outlet),
        children: [{ path: "members/:id", element: createElement(Outlet), children: [{ path: "chat", element: createElement(leaf) }] }],
      },
    ];
    const handler = createStaticHandler(tree);
    const context = await handler.query(new Request("http://lovely.localhost/members/42/chat"));
    if (context instanceof Response) throw new Error("a response, not a context");
    return renderToStaticMarkup(createElement(StaticRouterProvider, { router: createStaticRouter(handler.dataRoutes, context), context, hydrate: false }));
  }
  const hrefs = (html: string) => [...html.matchAll(/<a [^>]*href="([^"]*)"/g)].map((m) => m[1]!.replaceAll("&amp;", "&"));

  it("resolves absolute, relative and object paths as React Router does, on every render", async () => {
    const links = () =>
      targets.map(([to, _href, relative], i) => createElement(i % 2 ? NavLink : Link, { key: i, to, ...(relative ? { relative } : {}) }, "x"));
    for (let render_ = 0; render_ < 2; render_++) expect(hrefs(await render(links))).toEqual(targets.map(([, href]) => href));
  });

  it("marks the NavLink of the current page, not the others", async () => {
    const html = await render(() => [
      createElement(NavLink, { key: 1, to: "/members/42/chat" }, "here"),
      createElement(NavLink, { key: 2, to: "/likes" }, "there"),
      createElement(NavLink, { key: 3, to: "/members/42" }, "parent"),
      createElement(NavLink, { key: 4, to: "/members/42", end: true }, "parent, end"),
    ]);
    expect(html).toContain('<a aria-current="page" class="active" href="/members/42/chat"');
    expect(html).toContain('<a class="" href="/likes"');
    expect(html).toContain('<a aria-current="page" class="active" href="/members/42" data-discover="true">parent<');
    expect(html).toContain('<a class="" href="/members/42" data-discover="true">parent, end<');
  });

  it("does not serialise the route matches for links to absolute paths", async () => {
    const spy = vi.spyOn(JSON, "stringify");
    try {
      await render(() => null);
      const without = spy.mock.calls.length;
      spy.mockClear();
      await render(() => Array.from({ length: 50 }, (_, i) => createElement(Link, { key: i, to: `/members/${i}` }, "x")));
      expect(spy.mock.calls.length - without).toBeLessThan(10);
    } finally {
      spy.mockRestore();
    }
  });
});
