/**
 * Renders the app icons (PWA manifest, Apple touch icon) from one SVG mark into apps/web/public.
 * Run after changing the mark: `node apps/web/scripts/make-icons.mjs`; the PNGs are committed.
 */
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const publicDir = fileURLToPath(new URL('../public/', import.meta.url));
const BRAND = '#0c7792';
const BRAND_DARK = '#105f76';
const ACCENT = '#a5e6ef';

/** The cross and two speed lines on a 64-unit grid, scaled by `scale` around the centre. */
function mark(scale) {
  const offset = 32 - 32 * scale;
  return `<g transform="translate(${offset} ${offset}) scale(${scale})">
    <path d="M26 14h12v12h12v12H38v12H26V38H14V26h12z" fill="#fff"/>
    <path d="M8 50h16M4 42h12" stroke="${ACCENT}" stroke-width="4" stroke-linecap="round"/>
  </g>`;
}

const gradient = `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
  <stop offset="0" stop-color="${BRAND}"/><stop offset="1" stop-color="${BRAND_DARK}"/></linearGradient></defs>`;

// "any": a rounded tile like the favicon. "maskable": full bleed, the mark inside the 80 % safe zone.
const anyIcon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${gradient}
  <rect width="64" height="64" rx="14" fill="url(#g)"/>${mark(1)}</svg>`;
const maskableIcon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${gradient}
  <rect width="64" height="64" fill="url(#g)"/>${mark(0.72)}</svg>`;
// iOS rounds the corners itself and shows transparency as black; it finds /apple-touch-icon.png without a link tag.
const appleIcon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${gradient}
  <rect width="64" height="64" fill="url(#g)"/>${mark(0.82)}</svg>`;

const outputs = [
  { file: 'pwa-192x192.png', svg: anyIcon, size: 192 },
  { file: 'pwa-512x512.png', svg: anyIcon, size: 512 },
  { file: 'maskable-icon-512x512.png', svg: maskableIcon, size: 512 },
  { file: 'apple-touch-icon.png', svg: appleIcon, size: 180 },
];

for (const { file, svg, size } of outputs) {
  const png = await sharp(Buffer.from(svg), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toBuffer();
  await writeFile(`${publicDir}${file}`, png);
  console.log(`wrote public/${file} (${size}x${size}, ${png.length} bytes)`);
}
