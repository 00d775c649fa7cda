/**
 * Writes the demo cover art to public/covers/ (committed; never fetched from the network):
 *   <slug>-1.svg .. <slug>-4.svg  16:9 listing covers (640x360)
 *   <slug>-icon.svg               square game icon (128x128)
 * Run after changing the catalogue: `node scripts/generate-covers.ts` (Node 24 strips the types).
 * Deterministic: the same catalogue always produces byte-identical files.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { COVER_VARIANTS, GAME_CATALOG, type GameSeed } from '../src/app/seed/catalog.ts';

const OUT_DIR = path.resolve(import.meta.dirname, '..', 'public', 'covers');
/** System fonts that carry Chinese glyphs on Windows, macOS, Linux and Android, then generic. */
const FONT_FAMILY = "'PingFang SC','Hiragino Sans GB','Microsoft YaHei','Noto Sans CJK SC','Noto Sans SC','Source Han Sans SC','WenQuanYi Micro Hei',sans-serif";

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Decorative layer per variant: rings, stripes, hexagons, a crosshair. */
function decorations(variant: number, accent: string): string {
  switch (variant) {
    case 1:
      return `<g fill="none" stroke="${accent}" stroke-opacity=".35"><circle cx="520" cy="80" r="120" stroke-width="18"/><circle cx="520" cy="80" r="60" stroke-width="6"/><circle cx="90" cy="330" r="70" stroke-width="10"/></g>`;
    case 2:
      return `<g fill="${accent}" fill-opacity=".14"><path d="M380 0h70L250 360h-70z"/><path d="M480 0h40L320 360h-40z"/><path d="M570 0h70L440 360h-70z"/></g>`;
    case 3: {
      const hex = (x: number, y: number, r: number): string => {
        const points = Array.from({ length: 6 }, (_, i) => {
          const angle = (Math.PI / 3) * i + Math.PI / 6;
          return `${(x + r * Math.cos(angle)).toFixed(1)},${(y + r * Math.sin(angle)).toFixed(1)}`;
        });
        return `<polygon points="${points.join(' ')}"/>`;
      };
      return `<g fill="none" stroke="${accent}" stroke-opacity=".3" stroke-width="4">${hex(540, 90, 60)}${hex(590, 190, 40)}${hex(470, 200, 30)}${hex(70, 60, 36)}</g>`;
    }
    default:
      return `<g fill="none" stroke="${accent}" stroke-opacity=".4" stroke-width="5"><circle cx="500" cy="180" r="110"/><circle cx="500" cy="180" r="14"/><path d="M500 40v90M500 230v90M360 180h90M550 180h90"/></g>`;
  }
}

const SUBTITLES = ['精品账号 · 即租即玩', '高段位 · 全皮肤', '安全租号 · 秒上号', '人气推荐 · 限时特惠'] as const;

function coverSvg(game: GameSeed, variant: number): string {
  const [from, to, accent] = game.colors;
  const angle = [[0, 0, 1, 1], [0, 1, 1, 0], [1, 0, 0, 1], [0, 0, 1, 0]][(variant - 1) % 4]!;
  const size = game.name.length > 4 ? 64 : 76;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 360" width="640" height="360" role="img" aria-label="${escapeXml(game.name)}">`,
    `<defs><linearGradient id="g" x1="${angle[0]}" y1="${angle[1]}" x2="${angle[2]}" y2="${angle[3]}"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>`,
    `<rect width="640" height="360" fill="url(#g)"/>`,
    decorations(variant, accent),
    `<rect x="40" y="250" width="6" height="56" fill="${accent}"/>`,
    `<g font-family="${FONT_FAMILY}" fill="#fff">`,
    `<text x="40" y="${variant % 2 === 0 ? 150 : 130}" font-size="${size}" font-weight="700">${escapeXml(game.name)}</text>`,
    `<text x="60" y="276" font-size="24" fill-opacity=".92">${escapeXml(game.tagline)}</text>`,
    `<text x="60" y="304" font-size="18" fill="${accent}">${escapeXml(SUBTITLES[(variant - 1) % SUBTITLES.length]!)}</text>`,
    `</g></svg>`,
    '',
  ].join('\n');
}

function iconSvg(game: GameSeed): string {
  const [from, to, accent] = game.colors;
  const glyph = game.name.slice(0, 2);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 128 128" width="128" height="128" role="img" aria-label="${escapeXml(game.name)}">`,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient><clipPath id="c"><rect width="128" height="128" rx="28"/></clipPath></defs>`,
    `<g clip-path="url(#c)"><rect width="128" height="128" fill="url(#g)"/><circle cx="104" cy="24" r="34" fill="${accent}" fill-opacity=".25"/></g>`,
    `<text x="64" y="80" text-anchor="middle" font-family="${FONT_FAMILY}" font-size="40" font-weight="700" fill="#fff">${escapeXml(glyph)}</text>`,
    `</svg>`,
    '',
  ].join('\n');
}

mkdirSync(OUT_DIR, { recursive: true });
let count = 0;
for (const game of GAME_CATALOG) {
  for (let variant = 1; variant <= COVER_VARIANTS; variant++) {
    writeFileSync(path.join(OUT_DIR, `${game.slug}-${variant}.svg`), coverSvg(game, variant));
    count++;
  }
  writeFileSync(path.join(OUT_DIR, `${game.slug}-icon.svg`), iconSvg(game));
  count++;
}
console.log(`wrote ${count} files to ${path.relative(process.cwd(), OUT_DIR)}`);
