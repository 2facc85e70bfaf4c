import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  routeDiscovery: { mode: "initial" },
  // Every host may post to its pages as far as React Router is concerned: its own origin check
  // answers a cross-site post with a plain English "Bad Request" before any app code runs. The
  // app's root middleware (app/utils/request-guard.server.ts) judges the same Origin, and also
  // Sec-Fetch-Site, and refuses with 403 and the message in the member's language.
  allowedActionOrigins: ["**"],
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
