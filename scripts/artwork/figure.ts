/**
 * The illustrated head-and-shoulders figure. Everything is drawn in a fixed "figure space" 400 wide:
 * the head centre is at (200, 200), the chin at y≈282, the neck base at y≈316, the shoulders span
 * x 200±S (S = shoulder half-width) and the torso runs past y 640. Callers place the figure with a
 * transform.
 */
import { renderHair, type HairStyle } from './hair';
import type { HairColor, SkinTone } from './palette';
import { shade } from './palette';
import type { Rng } from './random';
import type { Scene } from './svg';

export type Gender = 'man' | 'woman';
export type Neckline = 'crew' | 'v' | 'deep_v' | 'scoop' | 'none';

export interface FigureContext {
  scene: Scene;
  rng: Rng;
  gender: Gender;
  skin: SkinTone;
  /** Shoulder half-width. */
  S: number;
}

export interface OutfitParts {
  /** Drawn behind the head and body (capes, high collars, hoods). */
  back?: string;
  /** The garment; the neck is drawn on top of it. */
  body: string;
  /** The skin showing at the neckline, joined to the neck. */
  neckline?: Neckline;
  /** Drawn over the neck (collars, ties, necklaces, stethoscopes). */
  over?: string;
}

export type OutfitRender = (ctx: FigureContext) => OutfitParts;

export interface HeadwearParts {
  back?: string;
  front?: string;
}

export interface FigureOptions {
  gender: Gender;
  skin: SkinTone;
  hair: HairColor;
  hairStyle: HairStyle;
  outfit: OutfitRender;
  glasses?: 'none' | 'round' | 'rect';
  glassesColor?: string;
  /** Head tilt in degrees (small: ±6). */
  tilt?: number;
  /** Shoulder rotation in degrees (small: ±3). */
  shoulderTilt?: number;
  beard?: 'none' | 'stubble' | 'short';
  smile?: 'closed' | 'open';
  eyeColor?: string;
  earrings?: string;
  elfEars?: boolean;
  headwear?: (ctx: FigureContext) => HeadwearParts;
  /** Attire thumbnails: a tailor's dummy neck instead of a person. */
  mannequin?: boolean;
}

export const HEAD = { cx: 200, cy: 200 } as const;
export const NECK_BASE = 316;

export function shoulderHalfWidth(gender: Gender): number {
  return gender === 'man' ? 152 : 138;
}

/**
 * The body silhouette from the neck base down; inset shrinks it (for inner layers). `middle` is the
 * segment from the left neck point (170,310) to the right one (230,310): a V or scoop cuts a neckline.
 */
export function torsoPath(S: number, inset = 0, middle = 'L230 310'): string {
  const l = 200 - S + inset;
  const r = 200 + S - inset;
  return (
    `M${l} 680L${l} 416C${l} 368 ${l + 28} 346 ${l + 78} 336C${l + 104} 330 ${162} 320 ${170} 310` +
    `${middle}C${238} 320 ${r - 104} 330 ${r - 78} 336C${r - 28} 346 ${r} 368 ${r} 416L${r} 680Z`
  );
}

function facePath(gender: Gender): string {
  return gender === 'man'
    ? 'M200 122C238 122 260 150 260 195C260 236 242 266 216 278Q200 285 184 278C158 266 140 236 140 195C140 150 162 122 200 122Z'
    : 'M200 124C236 124 257 150 257 195C257 238 238 268 212 279Q200 284 188 279C162 268 143 238 143 195C143 150 164 124 200 124Z';
}

function necklineSvg(kind: Neckline, skin: SkinTone): string {
  const fill = skin.base;
  switch (kind) {
    case 'crew':
      return `<path d="M174 300L174 318Q200 334 226 318L226 300Z" fill="${fill}"/>`;
    case 'v':
      return `<path d="M172 300L172 314L200 372L228 314L228 300Z" fill="${fill}"/>`;
    case 'deep_v':
      return `<path d="M168 300L166 316L200 406L234 316L232 300Z" fill="${fill}"/>`;
    case 'scoop':
      return `<path d="M172 300L160 318Q200 384 240 318L228 300Z" fill="${fill}"/>`;
    default:
      return '';
  }
}

function eyes(o: FigureOptions): string {
  const eye = o.eyeColor ?? '#2b1d18';
  const lid = shade(o.skin.shadow, -0.35);
  const one = (x: number, dir: number): string => {
    let s = `<ellipse cx="${x}" cy="204" rx="5.6" ry="6.6" fill="${eye}"/><circle cx="${x + 1.8}" cy="201.6" r="1.7" fill="#fff" opacity=".9"/>`;
    if (o.gender === 'woman') {
      s += `<path d="M${x - 8} 200Q${x} 193 ${x + 8} 199" stroke="${lid}" stroke-width="2.4" fill="none" stroke-linecap="round"/>`;
      s += `<path d="M${x + dir * 7.5} 199.5l${dir * 3.5} -2.5" stroke="${lid}" stroke-width="2.2" stroke-linecap="round"/>`;
    }
    return s;
  };
  return one(177, -1) + one(223, 1);
}

function brows(o: FigureOptions): string {
  const c = o.hairStyle === 'bald' ? shade(o.skin.shadow, -0.4) : shade(o.hair.base, o.hair.name === 'silver' ? -0.3 : -0.1);
  const w = o.gender === 'man' ? 4.6 : 3.4;
  const lift = o.gender === 'man' ? 0 : -2;
  return (
    `<path d="M165 ${189 + lift}Q176 ${181 + lift} 188 ${186 + lift}" stroke="${c}" stroke-width="${w}" fill="none" stroke-linecap="round"/>` +
    `<path d="M212 ${186 + lift}Q224 ${181 + lift} 235 ${189 + lift}" stroke="${c}" stroke-width="${w}" fill="none" stroke-linecap="round"/>`
  );
}

function mouth(o: FigureOptions): string {
  const lip = o.skin.lip;
  if (o.smile === 'open') {
    return (
      `<path d="M183 243Q200 266 217 243Q200 249 183 243Z" fill="${shade(lip, -0.45)}"/>` +
      `<path d="M186 245Q200 250 214 245L212.5 249Q200 254 187.5 249Z" fill="#fff"/>` +
      (o.gender === 'woman' ? `<path d="M183 243Q200 266 217 243" stroke="${lip}" stroke-width="2.6" fill="none" stroke-linecap="round"/>` : '')
    );
  }
  if (o.gender === 'woman') {
    return (
      `<path d="M185 245Q200 258 215 245Q200 249 185 245Z" fill="${lip}"/>` +
      `<path d="M184 244.5Q200 257 216 244.5" stroke="${shade(lip, -0.25)}" stroke-width="2" fill="none" stroke-linecap="round"/>`
    );
  }
  return `<path d="M185 245Q200 256 215 245" stroke="${shade(lip, -0.2)}" stroke-width="3.4" fill="none" stroke-linecap="round"/>`;
}

function beardSvg(o: FigureOptions): string {
  if (!o.beard || o.beard === 'none' || o.gender !== 'man') return '';
  const jaw = 'M141 200C142 244 166 280 200 284C234 280 258 244 259 200L252 200C250 228 238 246 222 240Q200 230 178 240C162 246 150 228 148 200Z';
  if (o.beard === 'stubble') return `<path d="${jaw}" fill="${o.hair.base}" opacity=".22"/>`;
  return `<path d="${jaw}" fill="${o.hair.base}" opacity=".92"/>`;
}

function glassesSvg(o: FigureOptions): string {
  if (!o.glasses || o.glasses === 'none') return '';
  const c = o.glassesColor ?? '#2a2a2e';
  const lens = (x: number): string =>
    o.glasses === 'round'
      ? `<circle cx="${x}" cy="205" r="15" fill="#fff" fill-opacity=".12" stroke="${c}" stroke-width="3.2"/>`
      : `<rect x="${x - 17}" y="193" width="34" height="24" rx="7" fill="#fff" fill-opacity=".12" stroke="${c}" stroke-width="3.2"/>`;
  return (
    lens(177) +
    lens(223) +
    `<path d="M192 202Q200 197 208 202" stroke="${c}" stroke-width="3" fill="none"/>` +
    `<path d="M${o.glasses === 'round' ? 162 : 160} 202L142 199M${o.glasses === 'round' ? 238 : 240} 202L258 199" stroke="${c}" stroke-width="3"/>`
  );
}

function ears(o: FigureOptions): string {
  const { base, shadow } = o.skin;
  if (o.elfEars) {
    return (
      `<path d="M146 196C132 190 118 170 110 150C128 160 140 176 146 186Z" fill="${base}" stroke="${shadow}" stroke-width="2"/>` +
      `<path d="M144 188L143 222Q136 220 134 205Z" fill="${base}"/>` +
      `<path d="M254 196C268 190 282 170 290 150C272 160 260 176 254 186Z" fill="${base}" stroke="${shadow}" stroke-width="2"/>` +
      `<path d="M256 188L257 222Q264 220 266 205Z" fill="${base}"/>`
    );
  }
  const dx = o.gender === 'man' ? 0 : 3;
  const one = (x: number): string =>
    `<ellipse cx="${x}" cy="207" rx="10" ry="16" fill="${base}"/><ellipse cx="${x}" cy="207" rx="5" ry="9" fill="${shadow}" opacity=".6"/>`;
  let s = one(141 + dx) + one(259 - dx);
  if (o.earrings) {
    s += `<circle cx="${142 + dx}" cy="226" r="4" fill="${o.earrings}"/><circle cx="${258 - dx}" cy="226" r="4" fill="${o.earrings}"/>`;
  }
  return s;
}

export function renderFigure(scene: Scene, rng: Rng, o: FigureOptions): string {
  const S = shoulderHalfWidth(o.gender);
  const ctx: FigureContext = { scene, rng, gender: o.gender, skin: o.skin, S };
  const outfit = o.outfit(ctx);
  const tilt = o.tilt ?? 0;
  const sTilt = o.shoulderTilt ?? 0;
  const hair = o.mannequin ? { back: '', front: '' } : renderHair(scene, o.hairStyle, o.hair, o.gender, o.skin);
  const headwear = o.headwear && !o.mannequin ? o.headwear(ctx) : {};
  const { base, shadow, blush } = o.skin;
  const nx = o.gender === 'man' ? 27 : 22;

  const neck = o.mannequin
    ? `<path d="M${200 - nx} 250L${200 - nx - 2} 330L${200 + nx + 2} 330L${200 + nx} 250Z" fill="#d8c7b0"/><ellipse cx="200" cy="250" rx="${nx}" ry="8" fill="#e9dcc8" stroke="#c6b296" stroke-width="2"/><rect x="195" y="226" width="10" height="24" fill="#8a6d4d"/><circle cx="200" cy="224" r="8" fill="#a3835e"/>`
    : `<path d="M${200 - nx} 240L${200 - nx - 3} 312Q200 318 ${200 + nx + 3} 312L${200 + nx} 240Z" fill="${base}"/>` +
      `<path d="M${200 - nx} 252Q200 ${298} ${200 + nx} 252L${200 + nx} 240L${200 - nx} 240Z" fill="${shadow}"/>`;

  const bodyGroup =
    `<g transform="rotate(${sTilt} 200 330)">${outfit.body}${neck}` + `${necklineSvg(outfit.neckline ?? 'none', o.skin)}${outfit.over ?? ''}</g>`;

  if (o.mannequin) return `<g>${outfit.back ?? ''}${bodyGroup}</g>`;

  const face =
    ears(o) +
    `<path d="${facePath(o.gender)}" fill="${base}"/>` +
    `<ellipse cx="168" cy="232" rx="12" ry="8" fill="${blush}" opacity=".35"/>` +
    `<ellipse cx="232" cy="232" rx="12" ry="8" fill="${blush}" opacity=".35"/>` +
    beardSvg(o) +
    eyes(o) +
    brows(o) +
    `<path d="M194 227Q200 232 206 227" stroke="${shade(shadow, -0.15)}" stroke-width="2.6" fill="none" stroke-linecap="round"/>` +
    mouth(o);

  return (
    `<g transform="rotate(${tilt} 200 300)">${headwear.back ?? ''}${hair.back}</g>` +
    `${outfit.back ?? ''}${bodyGroup}` +
    `<g transform="rotate(${tilt} 200 300)">${face}${hair.front}${glassesSvg(o)}${headwear.front ?? ''}</g>`
  );
}
