/** Theme props drawn in canvas space around the figure (bottom corners, sky, light effects). */
import { bat, pumpkin } from './backdrops-nature';
import { shade } from './palette';
import type { Rng } from './random';
import { bokeh, flower, sparkle, tulip } from './scenery';
import type { Scene } from './svg';

export type Prop = (s: Scene, rng: Rng) => string;

const f = (n: number): string => n.toFixed(1);

/** Picks a bottom corner x for a prop (left or right edge). */
const corner = (s: Scene, rng: Rng): number => (rng.chance(0.5) ? s.w * rng.range(0.06, 0.14) : s.w * rng.range(0.86, 0.94));

export const PROPS = {
  pumpkins: ((s, rng) => {
    const k = Math.min(s.w, s.h);
    return pumpkin(s.w * 0.1, s.h * 0.93, k * 0.1, true) + (rng.chance(0.6) ? pumpkin(s.w * 0.9, s.h * 0.95, k * 0.08, rng.chance(0.5)) : '');
  }) as Prop,
  bats: ((s, rng) =>
    bat(s.w * rng.range(0.1, 0.3), s.h * rng.range(0.08, 0.18), s.w * 0.06) + bat(s.w * rng.range(0.7, 0.9), s.h * rng.range(0.1, 0.22), s.w * 0.045)) as Prop,
  petals: ((s, rng) => {
    let out = '';
    for (let i = 0; i < 16; i++) {
      const x = rng.range(0, s.w);
      const y = rng.range(0, s.h);
      out += `<ellipse cx="${f(x)}" cy="${f(y)}" rx="5" ry="3" fill="${rng.pick(['#fbcfe8', '#fda4af', '#ffffff'])}" opacity=".85" transform="rotate(${rng.int(0, 180)} ${f(x)} ${f(y)})"/>`;
    }
    return out;
  }) as Prop,
  sparkles: ((s, rng) => {
    let out = '';
    for (let i = 0; i < 9; i++) out += sparkle(rng.range(0, s.w), rng.range(0, s.h * 0.6), rng.range(4, 9), '#fff7d6');
    return out;
  }) as Prop,
  magic: ((s, rng) => {
    let out = '';
    const c = rng.pick(['#a5f3fc', '#c4b5fd', '#bef264', '#fbcfe8']);
    for (let i = 0; i < 14; i++) {
      const x = rng.range(0, s.w);
      const y = rng.range(s.h * 0.1, s.h);
      out += `${s.glow(x, y, rng.range(8, 16), c, 0.8)}<circle cx="${f(x)}" cy="${f(y)}" r="2" fill="#fff"/>`;
    }
    return out;
  }) as Prop,
  eggs: ((s, rng) => {
    let out = '';
    const k = Math.min(s.w, s.h);
    for (const x of [s.w * 0.08, s.w * 0.16, s.w * 0.88]) {
      const c = rng.pick(['#f9a8d4', '#93c5fd', '#fde68a', '#a7f3d0', '#c4b5fd']);
      const y = s.h * rng.range(0.93, 0.97);
      out += `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(k * 0.05)}" ry="${f(k * 0.065)}" fill="${c}"/><path d="M${f(x - k * 0.05)} ${f(y)}h${f(k * 0.1)}" stroke="#fff" stroke-width="4"/><path d="M${f(x - k * 0.045)} ${f(y + k * 0.025)}h${f(k * 0.09)}" stroke="${shade(c, -0.2)}" stroke-width="3"/>`;
    }
    return out;
  }) as Prop,
  tulips: ((s, rng) => {
    const x = corner(s, rng);
    const k = Math.min(s.w, s.h);
    return tulip(x - 14, s.h, k * 0.12, '#f472b6') + tulip(x + 6, s.h, k * 0.15, '#facc15') + tulip(x + 22, s.h, k * 0.11, '#c084fc');
  }) as Prop,
  blossoms: ((s, rng) => {
    let out = '';
    for (let i = 0; i < 6; i++) out += flower(rng.range(0, s.w), rng.range(0, s.h * 0.3), Math.min(s.w, s.h) * 0.025, rng.pick(['#fbcfe8', '#ffffff']));
    return out;
  }) as Prop,
  airplane: ((s, rng) => {
    const x = s.w * rng.range(0.62, 0.86);
    const y = s.h * rng.range(0.08, 0.16);
    const k = Math.min(s.w, s.h) / 420;
    return `<path d="M${f(x - s.w * 0.5)} ${f(y + 18 * k)}Q${f(x - s.w * 0.2)} ${f(y + 10 * k)} ${f(x - 10 * k)} ${f(y + 4 * k)}" stroke="#fff" stroke-width="${f(3 * k)}" fill="none" opacity=".7"/><g transform="translate(${f(x)} ${f(y)}) rotate(80) scale(${f(k * 1.3)})"><path d="M0 -16L3 -4L16 4L16 7L3 3L2 12L6 15L6 17L0 15L-6 17L-6 15L-2 12L-3 3L-16 7L-16 4L-3 -4Z" fill="#f8fafc"/></g>`;
  }) as Prop,
  snow: ((s, rng) => {
    let out = '';
    for (let i = 0; i < 36; i++)
      out += `<circle cx="${f(rng.range(0, s.w))}" cy="${f(rng.range(0, s.h))}" r="${f(rng.range(1, 3))}" fill="#fff" opacity="${rng.range(0.5, 0.9).toFixed(2)}"/>`;
    return out;
  }) as Prop,
  warmGlow: ((s, rng) => bokeh(s, rng, ['#fde68a', '#fdba74', '#fca5a5'], 6, 10, 24, 0.5)) as Prop,
  soldSign: ((s, rng) => {
    const x = rng.chance(0.5) ? s.w * 0.1 : s.w * 0.78;
    const k = Math.min(s.w, s.h) / 420;
    const y = s.h * 0.74;
    return `<rect x="${f(x + 18 * k)}" y="${f(y)}" width="${f(6 * k)}" height="${f(s.h * 0.3)}" fill="#4b5563"/><rect x="${f(x)}" y="${f(y + 14 * k)}" width="${f(70 * k)}" height="${f(40 * k)}" rx="${f(4 * k)}" fill="#ffffff" stroke="#1e3a8a" stroke-width="${f(3 * k)}"/><rect x="${f(x + 8 * k)}" y="${f(y + 24 * k)}" width="${f(54 * k)}" height="${f(8 * k)}" fill="#dc2626"/><rect x="${f(x + 8 * k)}" y="${f(y + 38 * k)}" width="${f(36 * k)}" height="${f(6 * k)}" fill="#1e3a8a"/>`;
  }) as Prop,
  dramaticLight: ((s, rng) => {
    const left = rng.chance(0.5);
    const fill = s.linear(
      [
        [0, '#ffe8c2', 0.28],
        [0.5, '#ffffff', 0],
        [1, '#000', 0.35],
      ],
      left ? 0 : 1,
      0,
      left ? 1 : 0,
      0,
    );
    return `<rect width="${s.w}" height="${s.h}" fill="${fill}"/>`;
  }) as Prop,
  chalkDust: ((s, rng) => bokeh(s, rng, ['#ffffff'], 5, 4, 10, 0.25)) as Prop,
};

export type PropId = keyof typeof PROPS;
