/** Garment building blocks in figure space (neck base y≈310 between x 170..230; see figure.ts). */
import type { FigureContext } from './figure';
import { torsoPath } from './figure';
import { shade } from './palette';

/** Mirrors an SVG fragment around x=200. */
export const mirror = (svg: string): string => `<g transform="translate(400 0) scale(-1 1)">${svg}</g>`;

/** Both sides: the left-side fragment and its mirror. */
export const pair = (left: string): string => left + mirror(left);

/** A soft side-shading overlay for the torso (or another region given by `d`). */
export function shading(ctx: FigureContext, d = torsoPath(ctx.S), strength = 0.22): string {
  const fill = ctx.scene.linear(
    [
      [0, '#000', strength],
      [0.25, '#000', 0],
      [0.75, '#000', 0],
      [1, '#000', strength],
    ],
    0,
    0,
    1,
    0,
  );
  return `<path d="${d}" fill="${fill}"/>`;
}

/** Faint seams where the arms meet the body. */
export function armSeams(ctx: FigureContext, color: string): string {
  const x = 200 - ctx.S + 40;
  return pair(`<path d="M${x} 400Q${x - 6} 520 ${x - 4} 680" stroke="${color}" stroke-width="3" fill="none" opacity=".55"/>`);
}

/** The whole torso in one colour, with shading and arm seams. */
export function garment(ctx: FigureContext, fill: string, middle?: string): string {
  const d = torsoPath(ctx.S, 0, middle);
  const seam = fill.startsWith('#') ? shade(fill, -0.25) : '#00000055';
  return (fill === 'none' ? '' : `<path d="${d}" fill="${fill}"/>`) + shading(ctx, d) + armSeams(ctx, seam);
}

/** Top segments for torsoPath. */
export const V = (depth: number): string => `L200 ${depth}L230 310`;
export const SCOOP = (depth: number): string => `Q200 ${depth} 230 310`;

/** A ribbed band around a crew neckline. */
export function crewBand(color: string): string {
  return `<path d="M168 308Q200 334 232 308" stroke="${color}" stroke-width="10" fill="none" stroke-linecap="round"/>`;
}

/** Band and wings of a buttoned shirt collar (for ties). */
export function closedCollar(color: string): string {
  const edge = shade(color, -0.18);
  return (
    `<path d="M172 290Q200 300 228 290L231 314Q200 322 169 314Z" fill="${color}" stroke="${edge}" stroke-width="1.5"/>` +
    pair(`<path d="M172 298L158 338L196 348L200 320Z" fill="${color}" stroke="${edge}" stroke-width="2" stroke-linejoin="round"/>`)
  );
}

/** Spread wings of an open-necked shirt collar (pairs with neckline 'v'). */
export function openCollar(color: string): string {
  const edge = shade(color, -0.18);
  return pair(`<path d="M172 292L150 340L178 350L198 372L176 312Z" fill="${color}" stroke="${edge}" stroke-width="2" stroke-linejoin="round"/>`);
}

/** The blade of a necktie (body layer, under a jacket). */
export function tieBlade(color: string, stripe?: string): string {
  const blade = `<path d="M193 343L207 343L215 470L200 492L185 470Z" fill="${color}"/>`;
  const stripes = stripe ? `<path d="M188 380L212 360M187 420L213 400M186 460L214 440" stroke="${stripe}" stroke-width="4" opacity=".7"/>` : '';
  return blade + stripes;
}

/** The knot of a necktie (over layer, between the collar wings). */
export function tieKnot(color: string): string {
  return `<path d="M189 318L211 318L207 344L193 344Z" fill="${shade(color, -0.1)}"/>`;
}

/** A whole necktie for the over layer (no jacket). */
export function tie(color: string, stripe?: string): string {
  return tieBlade(color, stripe) + tieKnot(color);
}

export function bowTie(color: string): string {
  return (
    `<path d="M200 330L174 316L174 346Z" fill="${color}"/><path d="M200 330L226 316L226 346Z" fill="${color}"/>` +
    `<rect x="193" y="322" width="14" height="16" rx="4" fill="${shade(color, 0.15)}"/>`
  );
}

/** Buttons down the centre from y0. */
export function buttons(x: number, y0: number, count: number, gap: number, color: string, r = 4): string {
  let s = '';
  for (let i = 0; i < count; i++) s += `<circle cx="${x}" cy="${y0 + i * gap}" r="${r}" fill="${color}"/>`;
  return s;
}

/** A placket line with buttons. */
export function placket(y0: number, color: string): string {
  return `<path d="M200 ${y0}L200 680" stroke="${shade(color, -0.15)}" stroke-width="2"/>${buttons(200, y0 + 24, 5, 50, shade(color, -0.2), 3.2)}`;
}

export interface JacketOptions {
  fill: string;
  /** y of the V's bottom (the top button). */
  vBottom?: number;
  lapel?: string;
  buttonColor?: string;
  pocketSquare?: string;
  pin?: string;
  /** Open jacket: no buttons, the inner layer shows down the middle. */
  open?: boolean;
  /** A fill (pattern url) laid over the jacket panels. */
  texture?: string;
}

/** Jacket body with a V opening; draw the inner layer first. */
export function jacketBody(ctx: FigureContext, o: JacketOptions): string {
  const vb = o.vBottom ?? 470;
  if (o.open) {
    const l = `M${200 - ctx.S} 680L${200 - ctx.S} 416C${200 - ctx.S} 368 ${228 - ctx.S} 346 ${278 - ctx.S} 336C${304 - ctx.S} 330 162 320 170 310L186 ${vb}L182 680Z`;
    const panel = `<path d="${l}" fill="${o.fill}"/>${o.texture ? `<path d="${l}" fill="${o.texture}"/>` : ''}`;
    return panel + mirror(panel) + shading(ctx, l) + mirror(shading(ctx, l)) + armSeams(ctx, shade(o.fill, -0.25));
  }
  return garment(ctx, o.fill, V(vb)) + (o.texture ? `<path d="${torsoPath(ctx.S, 0, V(vb))}" fill="${o.texture}"/>` : '');
}

/** Notched lapels, buttons and details; goes in the `over` layer. */
export function jacketFront(o: JacketOptions): string {
  const vb = o.vBottom ?? 470;
  const lapel = o.lapel ?? shade(o.fill, 0.08);
  const edge = shade(o.fill, -0.3);
  const tip = o.open ? 186 : 199;
  let s = pair(`<path d="M170 310L${tip} ${vb}L144 366L157 354L148 334Z" fill="${lapel}" stroke="${edge}" stroke-width="2" stroke-linejoin="round"/>`);
  if (!o.open) s += buttons(200, vb + 22, 2, 48, o.buttonColor ?? shade(o.fill, -0.35), 5);
  if (o.pocketSquare) s += `<path d="M248 420L276 414L274 426L250 430Z" fill="${o.pocketSquare}"/>`;
  if (o.pin) s += o.pin;
  return s;
}

/** A small flag lapel pin. */
export function flagPin(x: number, y: number): string {
  return (
    `<rect x="${x}" y="${y}" width="14" height="10" fill="#fff" stroke="#c9a227" stroke-width="1.2"/>` +
    `<path d="M${x} ${y + 3}h14M${x} ${y + 7}h14" stroke="#b22234" stroke-width="2"/>` +
    `<rect x="${x}" y="${y}" width="6" height="5" fill="#3c3b6e"/>`
  );
}

/** A string of pearls or beads along a neckline curve. */
export function necklace(color: string, depth = 350, r = 4.5, count = 15, spread = 34): string {
  let s = '';
  for (let i = 0; i < count; i++) {
    const t = i / (count - 1);
    const x = 200 - spread + 2 * spread * t;
    const y = 300 + (depth - 300) * (1 - (2 * t - 1) ** 2);
    s += `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${r}" fill="${color}"/>`;
  }
  return `${s}<path d="M${200 - spread} 300L${200 - spread} 300" stroke="${color}"/>`;
}

/** A pendant necklace: a thin chain and a gem. */
export function pendant(chain: string, gem: string, depth = 372): string {
  return (
    `<path d="M176 300Q200 ${depth + 8} 224 300" stroke="${chain}" stroke-width="2" fill="none"/>` +
    `<path d="M200 ${depth - 4}l8 10l-8 12l-8 -12z" fill="${gem}" stroke="${chain}" stroke-width="1.5"/>`
  );
}

/** Bare shoulders and chest in skin colour (for gowns and tanks); the garment goes on top. */
export function skinTorso(ctx: FigureContext): string {
  const d = torsoPath(ctx.S);
  return `<path d="${d}" fill="${ctx.skin.base}"/>${shading(ctx, d, 0.12)}`;
}
