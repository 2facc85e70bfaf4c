// The push service worker's script for one site (spec section 7: version 2, scope "/"): the site's
// name and logo, then the worker itself (service-worker.js, a real file that lint reads). Kept per
// Site object, so a site reload makes a new one.
import workerSource from "./service-worker.js?raw";

const SERVICE_WORKER_VERSION = 2;

const scripts = new WeakMap<object, string>();

export function serviceWorkerScript(site: { name: string }, logo: string) {
  let script = scripts.get(site);
  if (!script) {
    const constants = `const VERSION = ${SERVICE_WORKER_VERSION};\nconst SITE = ${JSON.stringify({ name: site.name, logo })};\n`;
    script = `// ${site.name.replace(/[\r\n]/g, " ")}: push service worker\n"use strict";\n${constants}${workerSource}`;
    scripts.set(site, script);
  }
  return script;
}
