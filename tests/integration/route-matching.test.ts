// React Router is patched (patches/react-router+*.patch, docs/decisions/047-react-router-patch.md): the routes a page
// renders with are built once per build instead of on every render, and the server indexes its
// ranked route branches by their first path segment, so a request tries only the branches that
// could match it. These check that the patched router picks the very routes React Router's own
// full scan picks, for every route of the app and for odd paths.
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { RouteObject, ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";

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
