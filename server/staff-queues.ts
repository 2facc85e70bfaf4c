// The queue dashboard (bull-board) under /staff/queues: admins of the staff console only. The
// session is the console's own (staffFromCookieHeader, the code requireStaff runs), a
// state-changing request from another site's page is refused like everywhere else
// (fromSameOrigin), and every change made through the dashboard (retry, clean, promote...) is
// written to the staff audit log once it succeeded: bull-board has no hook of its own for that.
import express from "express";
import { getQueue, QUEUE_NAMES } from "#app/queue/queues.server.ts";
import { audit } from "#app/staff/audit.server.ts";
import { staffFromCookieHeader } from "#app/staff/session.server.ts";
import { getLogger } from "#app/utils/logger.server.ts";
import { fromSameOrigin } from "#app/utils/request-guard.server.ts";

export const QUEUES_PATH = "/staff/queues";
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/** the dashboard's queues, in the order it lists them */
const DASHBOARD_QUEUES = [
  QUEUE_NAMES.mail,
  QUEUE_NAMES.push,
  QUEUE_NAMES.notifications,
  QUEUE_NAMES.payments,
  QUEUE_NAMES.privacy,
  QUEUE_NAMES.maintenance,
  QUEUE_NAMES.campaigns,
];

/** bull-board loads with the first admin's visit, not with every server. */
async function board() {
  const [{ createBullBoard }, { BullMQAdapter }, { ExpressAdapter }] = await Promise.all([
    import("@bull-board/api"),
    import("@bull-board/api/bullMQAdapter"),
    import("@bull-board/express"),
  ]);
  const serverAdapter = new ExpressAdapter().setBasePath(QUEUES_PATH);
  createBullBoard({
    queues: DASHBOARD_QUEUES.map((name) => new BullMQAdapter(getQueue(name), { displayName: name })),
    serverAdapter,
    options: { uiConfig: { boardTitle: "Rendezvous queues" } },
  });
  return serverAdapter.getRouter() as express.Router;
}

const headerGetter = (req: express.Request) => ({
  get: (name: string) => {
    const value = req.headers[name.toLowerCase()];
    return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
  },
});

/** Mounted after the site is resolved (res.locals.authority is the host the browser used). */
export function staffQueues(): express.Router {
  const router = express.Router();
  let dashboard: Promise<express.Router> | null = null;
  router.use(async (req, res, next) => {
    try {
      res.set("Cache-Control", "no-store");
      if (
        !SAFE_METHODS.has(req.method) &&
        !fromSameOrigin({ headers: headerGetter(req) }, { host: res.locals.authority as string, protocol: `${req.protocol}:` })
      ) {
        return void res.status(403).type("text").send("Cross-site request refused.");
      }
      const staff = await staffFromCookieHeader(req.headers.cookie);
      if (!staff) {
        // a page asks for the login; the API (and any change) just says no
        if (req.method === "GET" && !req.path.startsWith("/api/") && !req.path.startsWith("/static/")) {
          return void res.redirect(302, `/staff/login?redirectTo=${encodeURIComponent(QUEUES_PATH + req.url.replace(/^\/$/, ""))}`);
        }
        return void res.status(401).type("text").send("Staff sign-in required.");
      }
      if (staff.role !== "admin") return void res.status(403).type("text").send("Admins only.");
      if (!SAFE_METHODS.has(req.method)) {
        const action = `${req.method} ${req.path}`;
        res.on("finish", () => {
          if (res.statusCode >= 400) return;
          audit(staff, { action: "queues.change", after: { request: action } }).catch((error: unknown) =>
            getLogger().error({ err: error }, "queue audit entry failed"),
          );
        });
      }
      (await (dashboard ??= board()))(req, res, next);
    } catch (error) {
      next(error);
    }
  });
  return router;
}
