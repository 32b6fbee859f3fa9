/** The landing page hero, the Open Graph card, and favicons rendered from public/favicon.svg. */
import { ARTWORK_SIZES } from '../../src/shared/catalog/artwork';
import { PORTRAIT, portraitBody } from './compose';
import type { Gender } from './figure';
import { BRAND } from './palette';
import { Scene, escapeXml } from './svg';

interface Card {
  theme: string;
  n: number;
  gender: Gender;
  cx: number;
  cy: number;
  width: number;
  rotate: number;
}

/** A framed portrait card (white mat, rounded corners, soft shadow) centred at cx, cy. */
function card(outer: Scene, c: Card): string {
  const inner = new Scene(PORTRAIT.width, PORTRAIT.height);
  const body = portraitBody(inner, c.theme, c.n, { gender: c.gender });
  const w = c.width;
  const h = Math.round((w * PORTRAIT.height) / PORTRAIT.width);
  const pad = Math.round(w * 0.04);
  const x = c.cx - w / 2;
  const y = c.cy - h / 2;
  const radius = Math.round(w * 0.05);
  const clip = outer.clip(`<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${radius - pad / 2}"/>`);
  return (
    `<g transform="rotate(${c.rotate} ${c.cx} ${c.cy})">` +
    `<rect x="${x - pad}" y="${y - pad}" width="${w + 2 * pad}" height="${h + 2 * pad}" rx="${radius}" fill="#ffffff" filter="${outer.shadow(w * 0.05, w * 0.06, 0.22)}"/>` +
    `<g clip-path="${clip}">${inner.nested(body, x, y, w, h)}</g></g>`
  );
}

function softBackground(s: Scene): string {
  const bg = s.linear(
    [
      [0, '#eef2ff'],
      [0.6, '#f5f3ff'],
      [1, '#fdf2f8'],
    ],
    0,
    0,
    1,
    1,
  );
  const dots = s.pattern(28, 28, `<circle cx="2" cy="2" r="1.6" fill="${BRAND.indigo}" opacity=".12"/>`);
  return (
    `<rect width="${s.w}" height="${s.h}" fill="${bg}"/><rect width="${s.w}" height="${s.h}" fill="${dots}"/>` +
    s.glow(s.w * 0.2, s.h * 0.25, s.w * 0.35, '#a5b4fc', 0.45) +
    s.glow(s.w * 0.85, s.h * 0.8, s.w * 0.35, '#f9a8d4', 0.35)
  );
}

function twinkle(x: number, y: number, r: number, fill: string): string {
  return `<path d="M${x} ${y - r}Q${x + r * 0.18} ${y - r * 0.18} ${x + r} ${y}Q${x + r * 0.18} ${y + r * 0.18} ${x} ${y + r}Q${x - r * 0.18} ${y + r * 0.18} ${x - r} ${y}Q${x - r * 0.18} ${y - r * 0.18} ${x} ${y - r}Z" fill="${fill}"/>`;
}

export function heroSvg(): string {
  const { width, height } = ARTWORK_SIZES.hero;
  const s = new Scene(width, height);
  const cards: Card[] = [
    { theme: 'generic', n: 3, gender: 'woman', cx: 196, cy: 470, width: 282, rotate: -6 },
    { theme: 'realtor', n: 2, gender: 'man', cx: 466, cy: 430, width: 292, rotate: -2 },
    { theme: 'doctor', n: 5, gender: 'woman', cx: 736, cy: 468, width: 292, rotate: 3 },
    { theme: 'adventurer', n: 4, gender: 'man', cx: 1004, cy: 432, width: 282, rotate: 7 },
  ];
  return s.document(
    softBackground(s) +
      cards.map((c) => card(s, c)).join('') +
      twinkle(96, 150, 22, BRAND.indigo) +
      twinkle(1110, 780, 18, '#ec4899') +
      twinkle(620, 110, 14, '#a78bfa') +
      twinkle(1130, 130, 10, BRAND.indigo),
  );
}

/** The favicon mark (same geometry as public/favicon.svg) at x, y with the given size. */
function logoMark(x: number, y: number, size: number): string {
  const k = size / 64;
  return `<g transform="translate(${x} ${y}) scale(${k})"><rect width="64" height="64" rx="14" fill="${BRAND.indigo}"/><circle cx="32" cy="26" r="11" fill="#fff"/><path d="M13 54c2-11 10-17 19-17s17 6 19 17" fill="#fff"/></g>`;
}

export function ogSvg(): string {
  const { width, height } = ARTWORK_SIZES.og;
  const s = new Scene(width, height);
  const font = `font-family="'Helvetica Neue', Helvetica, Arial, 'Liberation Sans', 'DejaVu Sans', sans-serif"`;
  const cards: Card[] = [
    { theme: 'lawyer', n: 4, gender: 'woman', cx: 762, cy: 330, width: 176, rotate: -6 },
    { theme: 'dating', n: 3, gender: 'woman', cx: 1088, cy: 330, width: 176, rotate: 6 },
    { theme: 'generic', n: 8, gender: 'man', cx: 925, cy: 308, width: 196, rotate: 0 },
  ];
  return s.document(
    softBackground(s) +
      cards.map((c) => card(s, c)).join('') +
      logoMark(80, 110, 72) +
      `<text x="80" y="292" ${font} font-size="68" font-weight="700" fill="${BRAND.ink}">${escapeXml('Portrait Studio')}</text>` +
      `<text x="80" y="356" ${font} font-size="34" fill="#475569">${escapeXml('Professional AI portraits')}</text>` +
      `<text x="80" y="400" ${font} font-size="34" fill="#475569">${escapeXml('from your selfies')}</text>` +
      `<rect x="80" y="448" width="96" height="8" rx="4" fill="${BRAND.indigo}"/>`,
  );
}

/** public/favicon.svg with square corners, for Apple touch icons (iOS rounds them itself). */
export function squareIcon(svg: string): string {
  return svg.replace(/<rect([^>]*?)\srx="[^"]*"/, '<rect$1');
}
