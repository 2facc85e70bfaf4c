import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [index("routes/page.tsx"), route("same/:page", "routes/same-dom.tsx")] satisfies RouteConfig;
