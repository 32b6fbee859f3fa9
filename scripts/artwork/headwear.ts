/** Hats, ears, veils and circlets in figure space (head centre 200,200; skull top y≈100). */
import type { FigureContext, HeadwearParts } from './figure';
import { shade } from './palette';

export type HeadwearId =
  | 'witch_hat'
  | 'wizard_hat'
  | 'cat_ears'
  | 'bandana'
  | 'veil'
  | 'flower_crown'
  | 'circlet'
  | 'santa_hat'
  | 'bunny_ears'
  | 'devil_horns'
  | 'sun_hat';

type Headwear = (ctx: FigureContext) => HeadwearParts;

const star = (x: number, y: number, r: number, fill: string): string => {
  let d = '';
  for (let i = 0; i < 10; i++) {
    const a = (Math.PI / 5) * i - Math.PI / 2;
    const rr = i % 2 === 0 ? r : r * 0.45;
    d += `${i === 0 ? 'M' : 'L'}${(x + rr * Math.cos(a)).toFixed(1)} ${(y + rr * Math.sin(a)).toFixed(1)}`;
  }
  return `<path d="${d}Z" fill="${fill}"/>`;
};

function flowers(ctx: FigureContext, colors: readonly string[], y: number, spread: number): string {
  let s = `<path d="M${200 - spread} ${y + 18}Q200 ${y - 12} ${200 + spread} ${y + 18}" stroke="#5b8c5a" stroke-width="5" fill="none"/>`;
  for (let i = 0; i < 7; i++) {
    const t = i / 6;
    const x = 200 - spread + 2 * spread * t;
    const yy = y + 18 - 30 * (1 - (2 * t - 1) ** 2) + 4;
    const c = ctx.rng.pick(colors);
    s += `<circle cx="${x}" cy="${yy - 5}" r="6" fill="${c}"/><circle cx="${x + 5}" cy="${yy + 2}" r="6" fill="${c}"/><circle cx="${x - 5}" cy="${yy + 2}" r="6" fill="${c}"/><circle cx="${x}" cy="${yy}" r="3.5" fill="#f2c14e"/>`;
  }
  return s;
}

export const HEADWEAR: Record<HeadwearId, Headwear> = {
  witch_hat: (ctx) => {
    const band = ctx.rng.pick(['#7c3aed', '#ea580c', '#16a34a']);
    return {
      front:
        `<ellipse cx="200" cy="126" rx="118" ry="24" fill="#1b1b1f"/>` +
        `<path d="M140 124Q168 56 184 18Q210 -4 250 8Q220 14 224 44Q234 86 262 124Z" fill="#22222a"/>` +
        `<path d="M146 110Q200 124 256 110L262 124Q200 140 140 124Z" fill="${band}"/><rect x="190" y="110" width="20" height="18" rx="3" fill="none" stroke="#f2c14e" stroke-width="3"/>`,
    };
  },
  wizard_hat: (ctx) => {
    const fill = ctx.rng.pick(['#3b1f6b', '#1d2f6b', '#4a1d4a']);
    return {
      front:
        `<path d="M138 132Q176 60 204 8Q228 56 262 132Z" fill="${fill}"/>` +
        `<ellipse cx="200" cy="130" rx="76" ry="14" fill="${shade(fill, 0.15)}"/>` +
        star(198, 70, 11, '#f2c14e') +
        star(222, 100, 8, '#f2c14e') +
        star(176, 104, 6, '#f2c14e'),
    };
  },
  cat_ears: () => ({
    front:
      `<path d="M140 150Q200 112 260 150" stroke="#1b1b1f" stroke-width="8" fill="none"/>` +
      `<path d="M146 136L150 70L194 112Z" fill="#1b1b1f"/><path d="M156 124L158 88L182 112Z" fill="#f9a8d4"/>` +
      `<path d="M254 136L250 70L206 112Z" fill="#1b1b1f"/><path d="M244 124L242 88L218 112Z" fill="#f9a8d4"/>`,
  }),
  bandana: (ctx) => {
    const c = ctx.rng.pick(['#b91c1c', '#1b1b1f', '#1e3a8a']);
    return {
      front:
        `<path d="M136 168C132 106 170 92 200 92C236 92 270 110 264 168Q200 140 136 168Z" fill="${c}"/>` +
        `<path d="M262 150L296 190L284 198L270 170L288 218L274 220L258 166Z" fill="${shade(c, -0.15)}"/>` +
        `<circle cx="178" cy="120" r="4" fill="#fff" opacity=".8"/><circle cx="214" cy="112" r="4" fill="#fff" opacity=".8"/><circle cx="236" cy="134" r="4" fill="#fff" opacity=".8"/>`,
    };
  },
  veil: (ctx) => ({
    back: `<path d="M150 110Q90 260 70 460L330 460Q310 260 250 110Z" fill="#ffffff" opacity=".55"/>`,
    front: flowers(ctx, ['#ffffff', '#fdf2f4', '#fce7f3'], 104, 46),
  }),
  flower_crown: (ctx) => ({ front: flowers(ctx, ['#f9a8d4', '#fde68a', '#c4b5fd', '#fdba74', '#ffffff'], 104, 58) }),
  circlet: (ctx) => {
    const gem = ctx.rng.pick(['#22d3ee', '#34d399', '#f472b6', '#a78bfa']);
    return {
      front: `<path d="M142 166Q200 140 258 166" stroke="#d4af37" stroke-width="4" fill="none"/><path d="M200 140l8 10l-8 12l-8 -12z" fill="${gem}" stroke="#d4af37" stroke-width="2"/>`,
    };
  },
  santa_hat: () => ({
    front:
      `<path d="M140 136Q150 60 214 50Q268 50 292 110Q300 140 282 168Q276 120 250 104Q262 124 262 136Z" fill="#c81e2c"/>` +
      `<circle cx="284" cy="172" r="16" fill="#ffffff"/>` +
      `<path d="M132 128Q200 104 268 128L270 152Q200 130 130 152Z" fill="#ffffff"/>`,
  }),
  bunny_ears: (ctx) => {
    const c = ctx.rng.pick(['#ffffff', '#f5f5f4', '#fbcfe8']);
    return {
      back:
        `<path d="M170 120C150 60 150 0 170 -6C188 -10 192 60 186 118Z" fill="${c}" stroke="#e7e5e4" stroke-width="2"/><path d="M170 100C162 60 162 14 172 10C180 10 182 60 180 100Z" fill="#f9a8d4"/>` +
        `<path d="M230 120C250 60 262 4 244 -4C226 -8 214 60 214 118Z" fill="${c}" stroke="#e7e5e4" stroke-width="2"/><path d="M228 100C238 60 246 18 238 12C230 12 222 60 222 100Z" fill="#f9a8d4"/>`,
      front: `<path d="M140 150Q200 104 260 150" stroke="#f9a8d4" stroke-width="7" fill="none"/>`,
    };
  },
  devil_horns: () => ({
    front:
      `<path d="M140 150Q200 108 260 150" stroke="#1b1b1f" stroke-width="6" fill="none"/>` +
      `<path d="M156 128Q140 96 150 72Q160 100 178 116Z" fill="#dc2626"/><path d="M244 128Q260 96 250 72Q240 100 222 116Z" fill="#dc2626"/>`,
  }),
  sun_hat: (ctx) => {
    const straw = ctx.rng.pick(['#e9d3a3', '#d9bf8a', '#f1e2bd']);
    const band = ctx.rng.pick(['#1b1b1f', '#b91c1c', '#1e3a8a', '#f9a8d4']);
    return {
      front:
        `<ellipse cx="200" cy="134" rx="132" ry="26" fill="${straw}"/>` +
        `<path d="M140 134Q142 70 200 66Q258 70 260 134Z" fill="${shade(straw, 0.06)}"/>` +
        `<path d="M142 116Q200 128 258 116L259 132Q200 144 141 132Z" fill="${band}"/>`,
    };
  },
};
