/** Colours: skin tones, hair colours, small colour maths, and per-theme accent palettes. */

export interface SkinTone {
  name: string;
  base: string;
  shadow: string;
  blush: string;
  lip: string;
}

/** From porcelain to ebony. */
export const SKIN_TONES: readonly SkinTone[] = [
  { name: 'porcelain', base: '#f8e1d4', shadow: '#e9c3b0', blush: '#f4a6a0', lip: '#c9746f' },
  { name: 'ivory', base: '#f3d5bf', shadow: '#deb49a', blush: '#eea08e', lip: '#c46e62' },
  { name: 'beige', base: '#eac3a1', shadow: '#d3a27f', blush: '#e39a80', lip: '#b8655a' },
  { name: 'sand', base: '#dcab84', shadow: '#c38d66', blush: '#d98a6e', lip: '#a85a4e' },
  { name: 'honey', base: '#c99066', shadow: '#ad744d', blush: '#c97a5e', lip: '#945046' },
  { name: 'caramel', base: '#ad7450', shadow: '#8f5b3b', blush: '#b46a4f', lip: '#7e463a' },
  { name: 'chestnut', base: '#8d5a3b', shadow: '#72452b', blush: '#9a5840', lip: '#643629' },
  { name: 'espresso', base: '#6b4129', shadow: '#54311e', blush: '#7d4632', lip: '#4f2a1e' },
  { name: 'ebony', base: '#4e2e1d', shadow: '#3c2215', blush: '#633524', lip: '#3b1f15' },
];

export interface HairColor {
  name: string;
  base: string;
  shade: string;
  shine: string;
}

export const HAIR_COLORS: readonly HairColor[] = [
  { name: 'black', base: '#1f1a1a', shade: '#110d0d', shine: '#3d3434' },
  { name: 'dark_brown', base: '#3b2519', shade: '#26170f', shine: '#5a3a28' },
  { name: 'brown', base: '#6a4128', shade: '#4c2d1b', shine: '#8a5a3a' },
  { name: 'auburn', base: '#8e3f24', shade: '#6a2c17', shine: '#b05a38' },
  { name: 'copper', base: '#b8632f', shade: '#8f4820', shine: '#d98650' },
  { name: 'blonde', base: '#d8b26e', shade: '#b8904e', shine: '#ecd298' },
  { name: 'light_brown', base: '#9a6b43', shade: '#7a5030', shine: '#b88a5e' },
  { name: 'gray', base: '#9c9a98', shade: '#7a7876', shine: '#c4c2c0' },
  { name: 'silver', base: '#d3d3d6', shade: '#a9a9ae', shine: '#ededf0' },
];

/** Hair colours weighted towards the common ones. */
export const HAIR_WEIGHTS: readonly (readonly [number, number])[] = [
  [0, 5],
  [1, 6],
  [2, 5],
  [3, 2],
  [4, 1.5],
  [5, 3],
  [6, 3],
  [7, 1.2],
  [8, 0.8],
];

function parseHex(hex: string): [number, number, number] {
  const h = hex.replace('#', '');
  const full = h.length === 3 ? h.replace(/./g, (c) => c + c) : h;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

function toHex([r, g, b]: [number, number, number]): string {
  return `#${[r, g, b]
    .map((v) =>
      Math.max(0, Math.min(255, Math.round(v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** Linear mix of two colours; t=0 gives a, t=1 gives b. */
export function mix(a: string, b: string, t: number): string {
  const ca = parseHex(a);
  const cb = parseHex(b);
  return toHex([0, 1, 2].map((i) => ca[i] + (cb[i] - ca[i]) * t) as [number, number, number]);
}

/** Positive amount lightens towards white, negative darkens towards black. */
export function shade(color: string, amount: number): string {
  return amount >= 0 ? mix(color, '#ffffff', amount) : mix(color, '#000000', -amount);
}

/** Relative luminance (0..1), for choosing contrasting details. */
export function luminance(color: string): number {
  const [r, g, b] = parseHex(color).map((v) => v / 255);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Brand colours (from public/favicon.svg and the site). */
export const BRAND = {
  indigo: '#4f46e5',
  indigoDark: '#3730a3',
  indigoLight: '#c7d2fe',
  ink: '#1e1b4b',
  paper: '#f8fafc',
} as const;

/** Garment colour families the outfits draw from. */
export const CLOTH = {
  navy: ['#1f2a44', '#243353', '#1b2540'],
  charcoal: ['#35383d', '#2e3136', '#40444a'],
  black: ['#1b1b1f', '#222226'],
  neutrals: ['#c9b79c', '#8b7d6b', '#6e6259', '#b7a48a'],
  shirt: ['#ffffff', '#f1f5fb', '#dfe9f6', '#f4efe6'],
  blouse: ['#f7f1ea', '#f3e3e6', '#e3ecf7', '#ffffff', '#efe6f5'],
  ties: ['#7a1f2b', '#1f3b73', '#2f4f3a', '#5b2a6e', '#8a6a1f'],
  casual: ['#d9534f', '#3f7cac', '#5b8c5a', '#e0a458', '#7a6fb0', '#2f9c95', '#c06c84'],
  pastel: ['#f9c9d4', '#c9e4f9', '#d9f2c9', '#fbe7b0', '#e1d2f7', '#c8efe6'],
  jewel: ['#6b1d3a', '#1d3b6b', '#14532d', '#5b1d6b', '#7f1d1d'],
  earth: ['#5e6b3a', '#8a5a2b', '#3f5a4a', '#a0522d', '#6b705c'],
} as const;
