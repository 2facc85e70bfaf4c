// Portrait illustrations for the demo profiles, drawn as SVG and rendered to JPEG with sharp.
// Nothing is downloaded: every photo is computed from its PortraitSpec (when: portrait-files.ts).
// Each translucent shape has only a fill or only a stroke, so it says fill-opacity or
// stroke-opacity: the same pixels as opacity, without an offscreen layer per shape (a fifth less
// time to render, and rendering is most of a first start).
import { randomUUID } from "node:crypto";
import { hslToHex, type PortraitSpec } from "./demo-profiles.ts";

export const PHOTO_WIDTH = 600;
export const PHOTO_HEIGHT = 750;
const THUMB_WIDTH = 200;
const THUMB_HEIGHT = 250;
const JPEG_QUALITY = 80;

// ---------- colour helpers ----------

function parseHex(hex: string): [number, number, number] {
  const v = Number.parseInt(hex.slice(1), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

/** Lightens (amount > 0, towards white) or darkens (amount < 0, towards black) a colour. */
function shade(hex: string, amount: number): string {
  const target = amount > 0 ? 255 : 0;
  const a = Math.min(1, Math.abs(amount));
  return `#${parseHex(hex)
    .map((c) =>
      Math.round(c + (target - c) * a)
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}

const f = (n: number) => Number(n.toFixed(1));

// ---------- drawing ----------

interface Frame {
  cx: number;
  cy: number;
  rx: number;
  ry: number;
  T: number; // top of the head
  L: number; // left edge of the head
  R: number; // right edge
}

/** A cubic arc from (x1, y) over the top to (x2, y), peaking `h` above y. */
const over = (x2: number, y: number, x1: number, h: number) => `C${f(x1)},${f(y - (h * 4) / 3)} ${f(x2)},${f(y - (h * 4) / 3)} ${f(x2)},${f(y)}`;

/** Short hair hugging the skull, its hairline `line` below the top of the head. */
function cap({ cx, cy, T, L, R }: Frame, thickness: number, line: number): string {
  const b = cy - 6;
  return (
    `M${f(L - 7)},${f(b)} ${over(R + 7, b, L - 7, b - (T - thickness))}` +
    ` C${f(R - 2)},${f(cy - 62)} ${f(cx + 52)},${f(T + line - 6)} ${f(cx)},${f(T + line)}` +
    ` C${f(cx - 52)},${f(T + line + 4)} ${f(L + 2)},${f(cy - 62)} ${f(L - 7)},${f(b)} Z`
  );
}

function curls(cx: number, cy: number, rx: number, ry: number, r: number, from: number, to: number, step: number) {
  const out: string[] = [];
  for (let a = from; a <= to; a += step) {
    const rad = (a * Math.PI) / 180;
    out.push(`<circle cx="${f(cx + rx * Math.cos(rad))}" cy="${f(cy + ry * Math.sin(rad))}" r="${r}"/>`);
  }
  return out.join("");
}

function backHair(fr: Frame, style: string): string {
  const { cx, cy, T, L, R } = fr;
  switch (style) {
    case "long":
      return (
        `<path d="M${f(L - 18)},${f(cy - 10)} ${over(R + 18, cy - 10, L - 18, cy - 10 - (T - 26))}` +
        ` C${f(R + 28)},${f(cy + 110)} ${f(R + 46)},${f(cy + 200)} ${f(R + 38)},${f(cy + 262)}` +
        ` L${f(R - 16)},${f(cy + 264)} C${f(R - 28)},${f(cy + 200)} ${f(cx + 40)},${f(cy + 150)} ${f(cx)},${f(cy + 150)}` +
        ` C${f(cx - 40)},${f(cy + 150)} ${f(L + 28)},${f(cy + 200)} ${f(L + 16)},${f(cy + 264)}` +
        ` L${f(L - 38)},${f(cy + 262)} C${f(L - 46)},${f(cy + 200)} ${f(L - 28)},${f(cy + 110)} ${f(L - 18)},${f(cy - 10)} Z"/>`
      );
    case "wavy":
      return (
        `<path d="M${f(L - 20)},${f(cy - 10)} ${over(R + 20, cy - 10, L - 20, cy - 10 - (T - 30))}` +
        ` C${f(R + 56)},${f(cy + 40)} ${f(R + 8)},${f(cy + 100)} ${f(R + 40)},${f(cy + 150)}` +
        ` C${f(R + 70)},${f(cy + 200)} ${f(R + 22)},${f(cy + 230)} ${f(R + 46)},${f(cy + 250)}` +
        ` L${f(R - 14)},${f(cy + 240)} C${f(R - 30)},${f(cy + 190)} ${f(cx + 40)},${f(cy + 150)} ${f(cx)},${f(cy + 150)}` +
        ` C${f(cx - 40)},${f(cy + 150)} ${f(L + 30)},${f(cy + 190)} ${f(L + 14)},${f(cy + 240)}` +
        ` L${f(L - 46)},${f(cy + 250)} C${f(L - 22)},${f(cy + 230)} ${f(L - 70)},${f(cy + 200)} ${f(L - 40)},${f(cy + 150)}` +
        ` C${f(L - 8)},${f(cy + 100)} ${f(L - 56)},${f(cy + 40)} ${f(L - 20)},${f(cy - 10)} Z"/>`
      );
    case "bob":
      return (
        `<path d="M${f(L - 22)},${f(cy - 10)} ${over(R + 22, cy - 10, L - 22, cy - 10 - (T - 26))}` +
        ` L${f(R + 26)},${f(cy + 92)} Q${f(R + 14)},${f(cy + 112)} ${f(R - 8)},${f(cy + 106)}` +
        ` L${f(L + 8)},${f(cy + 106)} Q${f(L - 14)},${f(cy + 112)} ${f(L - 26)},${f(cy + 92)} Z"/>`
      );
    case "afro":
      return `<circle cx="${f(cx)}" cy="${f(cy - 34)}" r="${f(fr.rx + 58)}"/>` + curls(cx, cy - 34, fr.rx + 52, fr.rx + 52, 30, 0, 359, 24);
    case "ponytail":
      return (
        `<path d="M${f(R - 20)},${f(T + 20)} C${f(R + 60)},${f(T + 10)} ${f(R + 80)},${f(cy + 80)} ${f(R + 46)},${f(cy + 190)}` +
        ` C${f(R + 40)},${f(cy + 120)} ${f(R + 10)},${f(cy + 40)} ${f(R - 10)},${f(T + 60)} Z"/>`
      );
    default:
      return "";
  }
}

function frontHair(fr: Frame, style: string, shine: string): string {
  const { cx, cy, T, L, R, rx } = fr;
  const gloss = `<path d="M${f(cx - 46)},${f(T + 2)} Q${f(cx)},${f(T - 12)} ${f(cx + 46)},${f(T + 2)}" fill="none" stroke="${shine}" stroke-width="7" stroke-linecap="round" stroke-opacity=".45"/>`;
  switch (style) {
    case "short":
      return `<path d="${cap(fr, 16, 34)}"/>${gloss}`;
    case "buzz":
      return `<path d="${cap(fr, 6, 26)}" fill-opacity=".8"/>`;
    case "quiff":
      return `<path d="${cap(fr, 14, 36)}"/><ellipse cx="${f(cx + 14)}" cy="${f(T + 4)}" rx="${f(rx * 0.66)}" ry="30"/>${gloss}`;
    case "sidepart":
      return (
        `<path d="${cap(fr, 18, 40)}"/>` +
        `<path d="M${f(cx - 26)},${f(T - 16)} C${f(cx + 30)},${f(T - 22)} ${f(R + 10)},${f(T + 10)} ${f(R + 4)},${f(cy - 30)}` +
        ` C${f(R - 20)},${f(T + 40)} ${f(cx + 20)},${f(T + 30)} ${f(cx - 26)},${f(T + 48)} Z"/>${gloss}`
      );
    case "curly":
      return `<path d="${cap(fr, 16, 34)}"/><g>${curls(cx, cy - 8, rx + 4, fr.ry + 6, 19, 192, 348, 17)}</g>`;
    case "manbun":
      return `<circle cx="${f(cx)}" cy="${f(T - 14)}" r="26"/><path d="${cap(fr, 10, 30)}"/>${gloss}`;
    case "bun":
      return `<circle cx="${f(cx)}" cy="${f(T - 22)}" r="44"/><path d="${cap(fr, 12, 30)}"/>${gloss}`;
    case "ponytail":
      return `<path d="${cap(fr, 12, 30)}"/>${gloss}`;
    case "pixie":
      return (
        `<path d="${cap(fr, 22, 36)}"/>` +
        // side pieces over the ears and a fringe swept to one side
        `<path d="M${f(L - 10)},${f(cy - 20)} C${f(L - 14)},${f(cy + 20)} ${f(L - 4)},${f(cy + 40)} ${f(L + 6)},${f(cy + 44)} C${f(L + 2)},${f(cy + 10)} ${f(L + 8)},${f(cy - 30)} ${f(L + 14)},${f(cy - 50)} Z"/>` +
        `<path d="M${f(R + 10)},${f(cy - 20)} C${f(R + 14)},${f(cy + 20)} ${f(R + 4)},${f(cy + 40)} ${f(R - 6)},${f(cy + 44)} C${f(R - 2)},${f(cy + 10)} ${f(R - 8)},${f(cy - 30)} ${f(R - 14)},${f(cy - 50)} Z"/>` +
        `<path d="M${f(L - 6)},${f(cy - 24)} C${f(L + 4)},${f(T - 4)} ${f(cx + 40)},${f(T - 24)} ${f(R + 8)},${f(T + 60)}` +
        ` C${f(cx + 40)},${f(T + 44)} ${f(cx - 10)},${f(T + 66)} ${f(L + 10)},${f(cy - 32)} Z"/>${gloss}`
      );
    case "afro":
      return `<g>${curls(cx, cy - 10, rx + 2, fr.ry + 4, 22, 190, 350, 16)}</g>`;
    case "long":
    case "wavy":
    case "bob": {
      const end = style === "bob" ? cy + 96 : cy + 78;
      return (
        `<path d="M${f(L - 14)},${f(end)} C${f(L - 24)},${f(cy - 40)} ${f(L - 12)},${f(T - 30)} ${f(cx)},${f(T - 22)}` +
        ` C${f(R + 12)},${f(T - 30)} ${f(R + 24)},${f(cy - 40)} ${f(R + 14)},${f(end)}` +
        ` C${f(R - 6)},${f(cy + 10)} ${f(R - 8)},${f(cy - 56)} ${f(cx + 8)},${f(T + 34)}` +
        ` L${f(cx - 6)},${f(T + 34)} C${f(L + 8)},${f(cy - 56)} ${f(L + 6)},${f(cy + 10)} ${f(L - 14)},${f(end)} Z"/>${gloss}`
      );
    }
    default:
      return "";
  }
}

/** The SVG of one portrait, PHOTO_WIDTH x PHOTO_HEIGHT. */
export function portraitSvg({ look, variant: v }: PortraitSpec): string {
  const W = PHOTO_WIDTH;
  const H = PHOTO_HEIGHT;
  const male = look.gender === "male";
  const rx = 92 * look.faceWidth;
  const ry = 118;
  const cx = W / 2 + v.offsetX;
  const cy = 352 + v.offsetY;
  const fr: Frame = { cx, cy, rx, ry, T: cy - ry, L: cx - rx, R: cx + rx };
  const { T, L, R } = fr;

  const skin = look.skin;
  const skinShadow = shade(skin, -0.16);
  const skinLight = shade(skin, 0.12);
  const hair = look.hair;
  const brows = shade(look.brows, -0.15);
  const cloth = v.clothing;

  const dirs = [
    [0, 0, 1, 1],
    [1, 0, 0, 1],
    [0, 0, 0, 1],
    [0, 1, 1, 0],
  ] as const;
  const [x1, y1, x2, y2] = dirs[v.bgAngle % dirs.length] ?? dirs[0];
  const bg1 = hslToHex(v.bgHue, 62, 84);
  const bg2 = hslToHex(v.bgHue2, 52, 62);

  const parts: string[] = [];
  parts.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">`);
  parts.push(
    `<defs>` +
      `<linearGradient id="bg" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"><stop offset="0" stop-color="${bg1}"/><stop offset="1" stop-color="${bg2}"/></linearGradient>` +
      `<radialGradient id="glow"><stop offset="0" stop-color="#fff" stop-opacity=".45"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>` +
      `<radialGradient id="bk"><stop offset="0" stop-color="#fff"/><stop offset=".7" stop-color="#fff" stop-opacity=".6"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>` +
      `<radialGradient id="face" cx=".42" cy=".38" r=".75"><stop offset="0" stop-color="${skinLight}"/><stop offset=".6" stop-color="${skin}"/><stop offset="1" stop-color="${skinShadow}"/></radialGradient>` +
      `<linearGradient id="cloth" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(cloth, 0.12)}"/><stop offset="1" stop-color="${shade(cloth, -0.25)}"/></linearGradient>` +
      (hair
        ? `<linearGradient id="hair" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${shade(hair, 0.12)}"/><stop offset=".55" stop-color="${hair}"/><stop offset="1" stop-color="${shade(hair, -0.28)}"/></linearGradient>`
        : "") +
      `</defs>`,
  );
  parts.push(
    `<rect width="${W}" height="${H}" fill="url(#bg)"/><ellipse cx="${W / 2}" cy="${f(H * 0.4)}" rx="${f(W * 0.42)}" ry="${f(H * 0.38)}" fill="url(#glow)"/>`,
  );
  for (const b of v.bokeh) parts.push(`<circle cx="${b.x}" cy="${b.y}" r="${b.r}" fill="url(#bk)" fill-opacity="${b.o}"/>`);

  // the person, a little larger than drawn and leaning by `tilt` from the bottom edge
  parts.push(`<g transform="rotate(${v.tilt} ${f(cx)} ${H + 20}) translate(${f(cx)} ${H}) scale(1.12) translate(${f(-cx)} ${-H})">`);

  // shoulders and clothing
  const sw = male ? 1 : 0.86;
  const shoulderY = cy + ry + 54;
  const neck = male ? 44 : 35;
  parts.push(
    `<path d="M${f(cx - 300 * sw)},${H + 140} C${f(cx - 280 * sw)},${f(shoulderY + 70)} ${f(cx - 200 * sw)},${f(shoulderY + 18)} ${f(cx - 76)},${f(shoulderY)}` +
      ` L${f(cx + 76)},${f(shoulderY)} C${f(cx + 200 * sw)},${f(shoulderY + 18)} ${f(cx + 280 * sw)},${f(shoulderY + 70)} ${f(cx + 300 * sw)},${H + 140} Z" fill="url(#cloth)"/>`,
  );
  if (v.neckline === "v" || v.neckline === "collar") {
    parts.push(`<path d="M${f(cx - 48)},${f(shoulderY - 2)} L${f(cx)},${f(shoulderY + 96)} L${f(cx + 48)},${f(shoulderY - 2)} Z" fill="${skinShadow}"/>`);
  } else if (v.neckline === "round") {
    parts.push(`<path d="M${f(cx - 54)},${f(shoulderY - 2)} Q${f(cx)},${f(shoulderY + 70)} ${f(cx + 54)},${f(shoulderY - 2)} Z" fill="${skinShadow}"/>`);
  }

  // long hair falls over the shoulders, behind the neck and head
  if (hair) parts.push(`<g fill="url(#hair)">${backHair(fr, look.hairStyle)}</g>`);

  // neck, with the chin's shadow
  parts.push(
    `<path d="M${f(cx - neck)},${f(cy + 60)} L${f(cx - neck - 2)},${f(shoulderY + 8)} Q${f(cx)},${f(shoulderY + 40)} ${f(cx + neck + 2)},${f(shoulderY + 8)} L${f(cx + neck)},${f(cy + 60)} Z" fill="${skin}"/>`,
  );
  parts.push(
    `<path d="M${f(cx - neck)},${f(cy + ry - 30)} L${f(cx - neck)},${f(cy + ry + 10)} Q${f(cx)},${f(cy + ry + 30)} ${f(cx + neck)},${f(cy + ry + 10)} L${f(cx + neck)},${f(cy + ry - 30)} Z" fill="${skinShadow}" fill-opacity=".55"/>`,
  );
  if (v.neckline === "turtleneck") {
    parts.push(`<rect x="${f(cx - 50)}" y="${f(shoulderY - 44)}" width="100" height="70" rx="22" fill="${shade(cloth, 0.05)}"/>`);
  } else if (v.neckline === "collar") {
    const c = shade(cloth, 0.35);
    parts.push(
      `<path d="M${f(cx - 52)},${f(shoulderY - 8)} L${f(cx - 6)},${f(shoulderY + 58)} L${f(cx - 78)},${f(shoulderY + 40)} Z" fill="${c}"/>` +
        `<path d="M${f(cx + 52)},${f(shoulderY - 8)} L${f(cx + 6)},${f(shoulderY + 58)} L${f(cx + 78)},${f(shoulderY + 40)} Z" fill="${c}"/>`,
    );
  }

  // ears
  for (const side of [-1, 1]) {
    const ex = cx + side * (rx - 3);
    parts.push(
      `<ellipse cx="${f(ex)}" cy="${f(cy + 14)}" rx="15" ry="25" fill="${skin}"/>` +
        `<ellipse cx="${f(ex + side * 2)}" cy="${f(cy + 14)}" rx="7" ry="14" fill="${skinShadow}" fill-opacity=".55"/>`,
    );
    if (look.earrings) parts.push(`<circle cx="${f(ex + side * 3)}" cy="${f(cy + 44)}" r="6" fill="#e6b94a" stroke="#b8892a" stroke-width="1.5"/>`);
  }

  // head: a rounded crown narrowing to the chin
  parts.push(
    `<path d="M${f(L)},${f(cy)} ${over(R, cy, L, ry)}` +
      ` C${f(R)},${f(cy + ry * 0.62)} ${f(cx + rx * 0.46)},${f(cy + ry)} ${f(cx)},${f(cy + ry)}` +
      ` C${f(cx - rx * 0.46)},${f(cy + ry)} ${f(L)},${f(cy + ry * 0.62)} ${f(L)},${f(cy)} Z" fill="url(#face)"/>`,
  );

  // cheeks
  for (const side of [-1, 1]) {
    parts.push(`<circle cx="${f(cx + side * rx * 0.55)}" cy="${f(cy + 48)}" r="19" fill="#ff7a7a" fill-opacity="${male ? 0.12 : 0.22}"/>`);
  }

  // beard below the mouth
  const my = cy + 78;
  if (look.beard === "stubble" || look.beard === "full") {
    const beardPath =
      `M${f(L + 3)},${f(cy + 18)} C${f(L + 8)},${f(cy + ry * 0.92)} ${f(cx - rx * 0.42)},${f(cy + ry + 8)} ${f(cx)},${f(cy + ry + 8)}` +
      ` C${f(cx + rx * 0.42)},${f(cy + ry + 8)} ${f(R - 8)},${f(cy + ry * 0.92)} ${f(R - 3)},${f(cy + 18)}` +
      ` C${f(R - 20)},${f(cy + 62)} ${f(cx + 40)},${f(my - 20)} ${f(cx)},${f(my - 16)}` +
      ` C${f(cx - 40)},${f(my - 20)} ${f(L + 20)},${f(cy + 62)} ${f(L + 3)},${f(cy + 18)} Z`;
    parts.push(`<path d="${beardPath}" fill="${look.beard === "full" ? look.brows : brows}" fill-opacity="${look.beard === "full" ? 0.95 : 0.28}"/>`);
  }
  if (look.beard === "full" || look.beard === "moustache") {
    parts.push(
      `<path d="M${f(cx - 34)},${f(my - 2)} Q${f(cx)},${f(my - 26)} ${f(cx + 34)},${f(my - 2)} Q${f(cx)},${f(my - 12)} ${f(cx - 34)},${f(my - 2)} Z" fill="${look.brows}"/>`,
    );
  }

  // mouth
  const mw = 24 + 10 * v.smile;
  if (v.smile > 0.55) {
    const drop = 18 + 12 * v.smile;
    parts.push(
      `<path d="M${f(cx - mw)},${f(my)} Q${f(cx)},${f(my + drop)} ${f(cx + mw)},${f(my)} Q${f(cx)},${f(my + 6)} ${f(cx - mw)},${f(my)} Z" fill="#fff" stroke="${look.lips}" stroke-width="4.5" stroke-linejoin="round"/>`,
    );
  } else {
    const drop = 6 + 12 * v.smile;
    if (male) {
      parts.push(
        `<path d="M${f(cx - mw)},${f(my)} Q${f(cx)},${f(my + drop)} ${f(cx + mw)},${f(my)}" fill="none" stroke="${look.lips}" stroke-width="5" stroke-linecap="round"/>`,
      );
    } else {
      parts.push(
        `<path d="M${f(cx - mw)},${f(my)} Q${f(cx)},${f(my + drop + 12)} ${f(cx + mw)},${f(my)} Q${f(cx)},${f(my + drop - 4)} ${f(cx - mw)},${f(my)} Z" fill="${look.lips}"/>` +
          `<path d="M${f(cx - mw)},${f(my)} Q${f(cx - 10)},${f(my - 9)} ${f(cx)},${f(my - 3)} Q${f(cx + 10)},${f(my - 9)} ${f(cx + mw)},${f(my)} Q${f(cx)},${f(my + drop - 4)} ${f(cx - mw)},${f(my)} Z" fill="${shade(look.lips, -0.12)}"/>`,
      );
    }
  }

  // nose
  parts.push(
    `<path d="M${f(cx - 4)},${f(cy + 18)} Q${f(cx - 8)},${f(cy + 40)} ${f(cx - 13)},${f(cy + 50)} Q${f(cx)},${f(cy + 60)} ${f(cx + 13)},${f(cy + 50)}" fill="none" stroke="${skinShadow}" stroke-width="3.5" stroke-linecap="round" stroke-linejoin="round"/>`,
  );

  // eyes
  const ey = cy + 6;
  const edx = rx * 0.4;
  for (const side of [-1, 1]) {
    const ex = cx + side * edx;
    parts.push(
      `<ellipse cx="${f(ex)}" cy="${f(ey)}" rx="16" ry="10.5" fill="#fff"/>` +
        `<circle cx="${f(ex + v.offsetX * 0.04)}" cy="${f(ey + 0.5)}" r="8" fill="${look.eyes}"/>` +
        `<circle cx="${f(ex + v.offsetX * 0.04)}" cy="${f(ey + 0.5)}" r="3.8" fill="#161010"/>` +
        `<circle cx="${f(ex + v.offsetX * 0.04 + 2.6)}" cy="${f(ey - 2.4)}" r="2.1" fill="#fff"/>` +
        `<path d="M${f(ex - 17)},${f(ey + 1)} Q${f(ex)},${f(ey - 16)} ${f(ex + 17)},${f(ey + 1)}" fill="none" stroke="#2a1c14" stroke-width="${male ? 2.5 : 3.5}" stroke-linecap="round"/>`,
    );
    if (!male) parts.push(`<path d="M${f(ex + side * 14)},${f(ey - 4)} l${side * 7},-5" stroke="#2a1c14" stroke-width="2.5" stroke-linecap="round"/>`);
    // eyebrows
    const by = ey - 26 - (v.smile > 0.8 ? 3 : 0);
    const inner = ex - side * 18;
    const outer = ex + side * 19;
    parts.push(
      `<path d="M${f(inner)},${f(by + 4)} Q${f(ex - side * 2)},${f(by - 7)} ${f(outer)},${f(by + 2)}" fill="none" stroke="${brows}" stroke-width="${male ? 7 : 5}" stroke-linecap="round"/>`,
    );
    // laughter lines with age
    if (look.age >= 50) {
      parts.push(`<path d="M${f(ex + side * 24)},${f(ey - 2)} q${side * 6},6 0,12" fill="none" stroke="${skinShadow}" stroke-width="2" stroke-opacity=".7"/>`);
    }
  }
  if (look.age >= 58) {
    parts.push(`<path d="M${f(cx - 30)},${f(T + 52)} q30,-8 60,0" fill="none" stroke="${skinShadow}" stroke-width="2.2" stroke-opacity=".55"/>`);
  }

  // hair over the forehead
  if (hair) parts.push(`<g fill="url(#hair)">${frontHair(fr, look.hairStyle, shade(hair, 0.35))}</g>`);
  else parts.push(`<ellipse cx="${f(cx - rx * 0.25)}" cy="${f(T + 30)}" rx="${f(rx * 0.4)}" ry="16" fill="#fff" fill-opacity=".18"/>`);

  // glasses
  if (look.glasses) {
    const g: string[] = [];
    for (const side of [-1, 1]) {
      const ex = cx + side * edx;
      g.push(`<rect x="${f(ex - 26)}" y="${f(ey - 18)}" width="52" height="38" rx="14" fill="#fff" fill-opacity=".12"/>`);
      g.push(`<path d="M${f(ex + side * 26)},${f(ey - 6)} L${f(cx + side * (rx + 2))},${f(ey - 10)}"/>`);
    }
    g.push(`<path d="M${f(cx - edx + 26)},${f(ey - 4)} Q${f(cx)},${f(ey - 14)} ${f(cx + edx - 26)},${f(ey - 4)}" fill="none"/>`);
    parts.push(`<g stroke="#2d2a33" stroke-width="4.5" fill="none">${g.join("")}</g>`);
  }

  parts.push(`</g></svg>`);
  return parts.join("");
}

export type PortraitVariantName = "full" | "thumb";

/** Renders a portrait to a PHOTO_WIDTH x PHOTO_HEIGHT JPEG ("full") or its THUMB_WIDTH x THUMB_HEIGHT thumbnail. */
export async function renderPortraitVariant(spec: PortraitSpec, variant: PortraitVariantName): Promise<Buffer> {
  const { default: sharp } = await import("sharp");
  const svg = Buffer.from(portraitSvg(spec));
  if (variant === "full") return sharp(svg).flatten({ background: "#ffffff" }).jpeg({ quality: JPEG_QUALITY }).toBuffer();
  // drawn again at a third of the density: sharper and cheaper than resizing the large one
  return sharp(svg, { density: (72 * THUMB_WIDTH) / PHOTO_WIDTH })
    .resize(THUMB_WIDTH, THUMB_HEIGHT, { fit: "cover" })
    .flatten({ background: "#ffffff" })
    .jpeg({ quality: JPEG_QUALITY })
    .toBuffer();
}

/** Where a new photo of a profile lives, relative to the media directory: a random name, as for
 * uploads, so no photo's name can be guessed from another's. */
export function photoFilenames(profileId: number) {
  const base = `${profileId}/${randomUUID()}`;
  return { filename: `${base}.jpg`, thumbFilename: `${base}_thumb.jpg` };
}
