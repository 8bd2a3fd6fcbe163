/**
 * Draws the app icons into public/icons as real PNG files (no image libraries: RGBA pixels,
 * zlib-deflated, wrapped in PNG chunks). Run: node --import tsx scripts/generate-icons.ts
 *
 * The mark: a white "T" inside a soft ring on teal. "any" icons are a rounded square on
 * transparency; the maskable icon fills the whole square and keeps the mark inside the central
 * 80 % safe zone so launchers can crop it to any shape.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

type Rgba = [number, number, number, number];

const TEAL: Rgba = [0x1d, 0x5c, 0x63, 255];
const RING: Rgba = [0x8f, 0xd3, 0xc8, 255];
const WHITE: Rgba = [255, 255, 255, 255];
const SAMPLES = 4; // 4x4 supersampling for smooth edges

/** Signed distance to a rounded rectangle centred at (cx, cy); negative inside. */
function roundedRect(x: number, y: number, cx: number, cy: number, halfW: number, halfH: number, r: number): number {
  const qx = Math.abs(x - cx) - (halfW - r);
  const qy = Math.abs(y - cy) - (halfH - r);
  const outside = Math.hypot(Math.max(qx, 0), Math.max(qy, 0));
  return outside + Math.min(Math.max(qx, qy), 0) - r;
}

/** Colour of one sample in a unit square (0..1), or null for transparent. */
function sample(u: number, v: number, maskable: boolean): Rgba | null {
  // The mark is drawn in a 64-unit design space (same drawing as src/shared/ui/brand-mark.tsx).
  const scale = maskable ? 0.78 : 1; // maskable: shrink the mark into the safe zone
  const x = 32 + (u * 64 - 32) / scale;
  const y = 32 + (v * 64 - 32) / scale;
  const background = maskable || roundedRect(u * 64, v * 64, 32, 32, 32, 32, 14) <= 0;
  if (!background) {
    return null;
  }
  const bar = roundedRect(x, y, 32, 23, 13, 3, 3) <= 0;
  const stem = roundedRect(x, y, 32, 32.5, 3, 12.5, 3) <= 0;
  if (bar || stem) {
    return WHITE;
  }
  const ring = Math.abs(Math.hypot(x - 32, y - 32) - 21) <= 1.5;
  return ring ? RING : TEAL;
}

function draw(size: number, maskable: boolean): Buffer {
  const pixels = Buffer.alloc(size * size * 4);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) {
          const colour = sample((px + (sx + 0.5) / SAMPLES) / size, (py + (sy + 0.5) / SAMPLES) / size, maskable);
          if (colour) {
            r += colour[0];
            g += colour[1];
            b += colour[2];
            a += colour[3];
          }
        }
      }
      const n = SAMPLES * SAMPLES;
      const coverage = a / 255; // samples that hit something
      const offset = (py * size + px) * 4;
      pixels[offset] = coverage ? Math.round(r / coverage) : 0;
      pixels[offset + 1] = coverage ? Math.round(g / coverage) : 0;
      pixels[offset + 2] = coverage ? Math.round(b / coverage) : 0;
      pixels[offset + 3] = Math.round(a / n);
    }
  }
  return encodePng(size, size, pixels);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) {
    c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  }
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) {
    c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  }
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

function encodePng(width: number, height: number, rgba: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // colour type RGBA
  header[10] = 0; // deflate
  header[11] = 0; // adaptive filtering
  header[12] = 0; // no interlace
  // Each scanline starts with filter type 0 (none).
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 4 + 1)] = 0;
    rgba.copy(raw, y * (width * 4 + 1) + 1, y * width * 4, (y + 1) * width * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = join(root, 'public', 'icons');
mkdirSync(outDir, { recursive: true });

const icons: Array<{ file: string; size: number; maskable: boolean }> = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'icon-maskable-512.png', size: 512, maskable: true },
  // iOS draws its own rounded corners and ignores transparency: give it the full-bleed version.
  { file: 'apple-touch-icon-180.png', size: 180, maskable: true },
];

for (const icon of icons) {
  const png = draw(icon.size, icon.maskable);
  writeFileSync(join(outDir, icon.file), png);
  console.log(`public/icons/${icon.file}  ${icon.size}x${icon.size}  ${png.length} bytes`);
}
