import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

export default [
  layout("routes/layouts/default.tsx", [
    index("routes/home.tsx"),
    route("pages/:page", "routes/pages.$page.tsx"),
    route("pricing", "routes/pricing.tsx"),
    route("complaints", "routes/complaints.tsx"),
    route("lang-config", "routes/lang-config.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
  layout("routes/layouts/lander.tsx", [
    route("landers/:name/:slug?", "routes/landers.$name.tsx"),
  ]),
  layout("routes/layouts/chat.tsx", []),
  layout("routes/layouts/empty.tsx", []),
  route("api/settings.php", "routes/api/settings.ts"),
  route("api/companyinfo.php", "routes/api/companyinfo.ts"),
  route("api/entry-warning", "routes/api/entry-warning.ts"),
] satisfies RouteConfig;
