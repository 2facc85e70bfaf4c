// The site's app icon: its logo on a square of its background colour, as PNG for the web app
// manifest and push notifications (launchers want square PNG icons; the logos are SVG word marks).
// Made once per site and size with sharp, then kept in memory.
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Site } from "#app/tenancy/site-schema.ts";
import { APP_ICON_SIZES } from "./app-icon.ts";

/** Per Site object: a site reload (new logo or colour) makes a new one and so new icons. */
const icons = new WeakMap<Site, Map<number, Promise<Buffer>>>();

async function logoFile(logo: string) {
  const relative = path.normalize(logo).replace(/^([/\\])+/, "");
  if (relative.startsWith("..")) throw new Error(`logo outside the public folder: ${logo}`);
  for (const dir of ["public", "build/client"]) {
    try {
      return await readFile(path.resolve(dir, relative));
    } catch {
      /* the next place */
    }
  }
  throw new Error(`logo not found: ${logo}`);
}

async function renderIcon(site: Site, size: number) {
  const { default: sharp } = await import("sharp");
  const inner = Math.round(size * 0.8);
  const logo = await sharp(await logoFile(site.branding.logo), { density: 384 })
    .resize(inner, inner, { fit: "contain", background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer();
  return sharp({ create: { width: size, height: size, channels: 4, background: site.branding.colors.light ?? "#ffffff" } })
    .composite([{ input: logo, gravity: "center" }])
    .png()
    .toBuffer();
}

/** The PNG of one of APP_ICON_SIZES; null for any other size. */
export function appIcon(site: Site, size: number): Promise<Buffer> | null {
  if (!(APP_ICON_SIZES as readonly number[]).includes(size)) return null;
  let bySize = icons.get(site);
  if (!bySize) icons.set(site, (bySize = new Map()));
  let icon = bySize.get(size);
  if (!icon) {
    icon = renderIcon(site, size);
    bySize.set(size, icon);
    icon.catch(() => bySize.delete(size));
  }
  return icon;
}
