// GET /app-icon/<size>.png: the site's logo on a square of its background colour, as PNG for the
// web app manifest and push notifications (launchers want square PNG icons; the logos are SVG
// word marks). Made once per site and size with sharp, then kept in memory.
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Route } from "./+types/app-icon";
import { siteContext } from "#app/tenancy/context.ts";
import type { Site } from "#app/tenancy/site-schema.ts";

export const APP_ICON_SIZES = [192, 512] as const;

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

export async function loader({ params, context }: Route.LoaderArgs) {
  const size = Number(/^(\d+)\.png$/.exec(params.size)?.[1]);
  if (!(APP_ICON_SIZES as readonly number[]).includes(size)) return new Response("Not Found", { status: 404 });
  const site = context.get(siteContext);
  let bySize = icons.get(site);
  if (!bySize) icons.set(site, (bySize = new Map()));
  let icon = bySize.get(size);
  if (!icon) {
    icon = renderIcon(site, size);
    bySize.set(size, icon);
    icon.catch(() => bySize.delete(size));
  }
  return new Response(new Uint8Array(await icon), { headers: { "Content-Type": "image/png", "Cache-Control": "public, max-age=86400" } });
}
