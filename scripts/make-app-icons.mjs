// The app's icons and its web app manifest (ADR 49: the app on the Home Screen), made by
// hand-drawing a bitmap and writing it as PNG with node:zlib: no image tool needed. Run
// `node scripts/make-app-icons.mjs` after changing the drawing, the palette or LEAGUE_NAME
// in wrangler.toml, and commit what it writes in public/.
//
// The drawing: a flying disc seen from above (a white disc, its rim and flight ring in the
// brand's green) on the navbar's dark green (app/app.css: brand-900). The maskable icon and
// the Apple touch icon fill the square (the phone rounds or masks it; the disc stays inside
// the safe circle of 40% of the size); the plain one has rounded corners. The badge (the
// Android status bar's small monochrome picture) is the disc's outline in white on nothing.
import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { deflateSync } from "node:zlib";

const BRAND_900 = [0x06, 0x4e, 0x3b];
const BRAND_600 = [0x05, 0x96, 0x69];
const WHITE = [0xff, 0xff, 0xff];
const CANVAS = "#f6f7f5";

/** CRC-32 of a PNG chunk's type and data. */
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, "ascii");
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** An RGBA bitmap (size × size × 4 bytes) as a PNG file. */
function png(size, rgba) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bits per channel
  header[9] = 6; // RGBA
  const rows = Buffer.alloc((size * 4 + 1) * size);
  for (let y = 0; y < size; y++) {
    rows[y * (size * 4 + 1)] = 0; // no filter
    rgba.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk("IHDR", header), chunk("IDAT", deflateSync(rows, { level: 9 })), chunk("IEND", Buffer.alloc(0))]);
}

/**
 * Draws `size` × `size` pixels, each the average of 4 × 4 samples of `colourAt(x, y)`, where
 * x and y run from -1 to 1 across the square (0, 0 its centre). `colourAt` answers [r, g, b, a].
 */
function draw(size, colourAt) {
  const rgba = Buffer.alloc(size * size * 4);
  const n = 4;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      const sum = [0, 0, 0, 0];
      for (let sy = 0; sy < n; sy++) {
        for (let sx = 0; sx < n; sx++) {
          const x = ((px + (sx + 0.5) / n) / size) * 2 - 1;
          const y = ((py + (sy + 0.5) / n) / size) * 2 - 1;
          const [r, g, b, a] = colourAt(x, y);
          // Premultiplied, so an edge against nothing does not darken.
          sum[0] += r * a;
          sum[1] += g * a;
          sum[2] += b * a;
          sum[3] += a;
        }
      }
      const i = (py * size + px) * 4;
      const a = sum[3] / (n * n);
      rgba[i] = a ? Math.round(sum[0] / sum[3]) : 0;
      rgba[i + 1] = a ? Math.round(sum[1] / sum[3]) : 0;
      rgba[i + 2] = a ? Math.round(sum[2] / sum[3]) : 0;
      rgba[i + 3] = Math.round(a * 255);
    }
  }
  return rgba;
}

const opaque = (rgb) => [...rgb, 1];

/** The disc over `background` (an [r, g, b, a] or null for nothing); `scale` its radius as a share of the half-size. */
function disc(x, y, scale, background) {
  const r = Math.hypot(x, y) / scale;
  if (r <= 1) {
    if (r > 0.9) return opaque(BRAND_600); // the rim
    if (r > 0.56 && r < 0.66) return opaque(BRAND_600); // the flight ring
    if (r < 0.1) return opaque(BRAND_600); // the centre
    return opaque(WHITE);
  }
  return background;
}

/** Inside a square of half-size 1 with corners rounded to `radius`. */
function inRoundedSquare(x, y, radius) {
  const dx = Math.max(Math.abs(x) - (1 - radius), 0);
  const dy = Math.max(Math.abs(y) - (1 - radius), 0);
  return Math.hypot(dx, dy) <= radius;
}

const icons = {
  // The plain icon: rounded corners, the disc large.
  "icon-192.png": [192, (x, y) => (inRoundedSquare(x, y, 0.36) ? disc(x, y, 0.66, opaque(BRAND_900)) : [0, 0, 0, 0])],
  "icon-512.png": [512, (x, y) => (inRoundedSquare(x, y, 0.36) ? disc(x, y, 0.66, opaque(BRAND_900)) : [0, 0, 0, 0])],
  // Maskable: fills the square; the disc within the safe circle (radius 0.8 of the half-size).
  "icon-maskable-512.png": [512, (x, y) => disc(x, y, 0.56, opaque(BRAND_900))],
  // iOS rounds the corners itself and shows black where a PNG is transparent: full square.
  "apple-touch-icon.png": [180, (x, y) => disc(x, y, 0.64, opaque(BRAND_900))],
  // The badge: white where the disc is (its rings cut out), nothing elsewhere.
  "badge-96.png": [
    96,
    (x, y) => {
      const r = Math.hypot(x, y) / 0.9;
      return r <= 1 && !(r > 0.56 && r < 0.7) ? opaque(WHITE) : [0, 0, 0, 0];
    },
  ],
};

const dir = new URL("../public/icons/", import.meta.url);
mkdirSync(dir, { recursive: true });
for (const [name, [size, colourAt]] of Object.entries(icons)) {
  writeFileSync(new URL(name, dir), png(size, draw(size, colourAt)));
  console.log(`public/icons/${name} (${size}×${size})`);
}

// The manifest: one per deployment, named as the deployment's default league is until its
// organiser names it (wrangler.toml's LEAGUE_NAME, app/.server/league.ts).
const wrangler = readFileSync(new URL("../wrangler.toml", import.meta.url), "utf8");
const name = /^LEAGUE_NAME\s*=\s*"([^"]+)"/m.exec(wrangler)?.[1] ?? "Disc Golf League";
const hex = (rgb) => `#${rgb.map((c) => c.toString(16).padStart(2, "0")).join("")}`;
const manifest = {
  id: "/",
  name,
  short_name: name.length <= 12 ? name : "Disc Golf",
  description: `${name}: rounds, cards, results and messages from the league.`,
  start_url: "/",
  scope: "/",
  display: "standalone",
  theme_color: hex(BRAND_900),
  background_color: CANVAS,
  icons: [
    { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
    { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
    { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    { src: "/icons/apple-touch-icon.png", sizes: "180x180", type: "image/png" },
  ],
};
writeFileSync(new URL("../public/manifest.webmanifest", import.meta.url), `${JSON.stringify(manifest, null, 2)}\n`);
console.log(`public/manifest.webmanifest (${name})`);
