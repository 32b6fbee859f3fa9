/** Studio sweeps, bokeh, stage light and graphic backdrops. */
import type { BackdropId } from '../../src/shared/catalog/artwork';
import { shade } from './palette';
import { type Backdrop, bokeh, sky, sparkle, studio } from './scenery';

/** Rough continents as ellipses in 0..1 map coordinates: [cx, cy, rx, ry]. */
const CONTINENTS: readonly (readonly [number, number, number, number])[] = [
  [0.2, 0.3, 0.12, 0.12],
  [0.27, 0.5, 0.05, 0.1],
  [0.31, 0.68, 0.06, 0.14],
  [0.5, 0.28, 0.07, 0.08],
  [0.53, 0.55, 0.08, 0.15],
  [0.7, 0.3, 0.17, 0.13],
  [0.78, 0.5, 0.06, 0.07],
  [0.86, 0.72, 0.06, 0.06],
  [0.4, 0.14, 0.04, 0.05],
];

export const STUDIO_BACKDROPS = {
  studio_gray: (s, rng) => studio(s, '#e5e7eb', rng.pick(['#6b7280', '#5b6270', '#7a808a'])),
  studio_blue: (s, rng) => studio(s, '#b9d3ee', rng.pick(['#1e3a5f', '#274b73', '#1d2f4f'])),
  pastel_studio: (s, rng) =>
    studio(s, '#fff7fb', rng.pick(['#f5c2d6', '#c9d8f5', '#d8c9f5', '#c8efe6'])) + bokeh(s, rng, ['#ffffff', '#fde2ec', '#e0e7ff'], 10, 20, 60, 0.35),
  warm_bokeh: (s, rng) => sky(s, '#3b2416', '#1f140d', '#6b3f22') + bokeh(s, rng, ['#f5b041', '#f8c471', '#ec7063', '#f9e79f', '#ffffff'], 26, 14, 46, 0.55),
  spotlight_dark: (s, rng) => {
    const { w, h } = s;
    const cone = s.linear(
      [
        [0, '#ffffff', 0.28],
        [1, '#ffffff', 0],
      ],
      0,
      0,
      0,
      1,
    );
    const x = w * rng.range(0.4, 0.6);
    return (
      `<rect width="${w}" height="${h}" fill="#0b0b10"/>` +
      s.glow(w / 2, h * 0.45, Math.max(w, h) * 0.55, rng.pick(['#6d28d9', '#1e3a8a', '#7f1d1d', '#334155']), 0.55) +
      `<path d="M${x - w * 0.08} 0L${x + w * 0.08} 0L${w * 0.85} ${h}L${w * 0.15} ${h}Z" fill="${cone}"/>` +
      s.glow(w / 2, h * 0.4, Math.min(w, h) * 0.45, '#ffffff', 0.2)
    );
  },
  gold_sparkle: (s, rng) => {
    let out = sky(s, '#2a1d0e', '#120c06', '#4a3415') + bokeh(s, rng, ['#f5d67b', '#e0b84f', '#fff1c1'], 30, 6, 30, 0.55);
    for (let i = 0; i < 14; i++) out += sparkle(rng.range(0, s.w), rng.range(0, s.h), rng.range(4, 10), '#fff4cf');
    return out;
  },
  red_curtain: (s, rng) => {
    const { w, h } = s;
    const folds = s.linear(
      [
        [0, '#5a0f14'],
        [0.3, '#b3202c'],
        [0.55, '#8a141e'],
        [0.8, '#c62a36'],
        [1, '#5a0f14'],
      ],
      0,
      0,
      1,
      0,
    );
    const n = rng.int(5, 7);
    let out = `<rect width="${w}" height="${h}" fill="#5a0f14"/>`;
    for (let i = 0; i < n; i++) out += `<rect x="${((w * i) / n).toFixed(1)}" y="0" width="${(w / n + 1).toFixed(1)}" height="${h}" fill="${folds}"/>`;
    out += `<path d="M0 0H${w}V${h * 0.1}Q${w * 0.75} ${h * 0.2} ${w / 2} ${h * 0.1}Q${w * 0.25} ${h * 0.2} 0 ${h * 0.1}Z" fill="#7a1119"/>`;
    out += `<path d="M0 ${h * 0.1}Q${w * 0.25} ${h * 0.2} ${w / 2} ${h * 0.1}Q${w * 0.75} ${h * 0.2} ${w} ${h * 0.1}" stroke="#d4af37" stroke-width="4" fill="none"/>`;
    return out + s.glow(w / 2, h * 0.5, Math.max(w, h) * 0.5, '#ffd9a0', 0.35);
  },
  flag_stripes: (s, rng) => {
    const { w, h } = s;
    const sh = h / 9;
    const tilt = rng.range(-4, 4);
    let stripes = '';
    for (let i = -2; i < 13; i++)
      stripes += `<rect x="${-w * 0.2}" y="${(i * sh).toFixed(1)}" width="${w * 1.4}" height="${(sh / 2).toFixed(1)}" fill="#b22234"/>`;
    const canton = `<rect x="${-w * 0.2}" y="${-h * 0.2}" width="${w * 0.62}" height="${h * 0.62}" fill="#3c3b6e"/>`;
    let dots = '';
    for (let y = -h * 0.15; y < h * 0.42; y += h * 0.06)
      for (let x = -w * 0.15; x < w * 0.4; x += w * 0.07)
        dots += `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${(Math.min(w, h) * 0.009).toFixed(1)}" fill="#fff"/>`;
    return `<rect width="${w}" height="${h}" fill="#f4f1ea"/><g transform="rotate(${tilt.toFixed(1)} ${w / 2} ${h / 2})">${stripes}${canton}${dots}</g><rect width="${w}" height="${h}" fill="#ffffff" opacity=".35"/>`;
  },
  world_map: (s, rng) => {
    const { w, h } = s;
    const land = rng.pick(['#2f7d6d', '#3b6ea5', '#c2873f']);
    const step = Math.min(w, h) / 34;
    let dots = '';
    for (let y = step; y < h; y += step) {
      for (let x = step; x < w; x += step) {
        const u = x / w;
        const v = y / h;
        const inside = CONTINENTS.some(([cx, cy, rx, ry]) => ((u - cx) / rx) ** 2 + ((v - cy) / ry) ** 2 < 1);
        if (inside) dots += `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${(step * 0.32).toFixed(1)}" fill="${land}"/>`;
      }
    }
    const arc = `<path d="M${w * 0.2} ${h * 0.32}Q${w * 0.38} ${h * 0.05} ${w * 0.52} ${h * 0.28}Q${w * 0.64} ${h * 0.1} ${w * 0.8} ${h * 0.5}" stroke="#e11d48" stroke-width="3" stroke-dasharray="8 7" fill="none"/>`;
    const plane = `<g transform="translate(${w * 0.8} ${h * 0.5}) rotate(60) scale(${Math.min(w, h) / 300})"><path d="M0 -16L3 -4L16 4L16 7L3 3L2 12L6 15L6 17L0 15L-6 17L-6 15L-2 12L-3 3L-16 7L-16 4L-3 -4Z" fill="#1e293b"/></g>`;
    return sky(s, '#eaf4fb', '#cfe6f5') + dots + arc + plane;
  },
  easter_eggs: (s, rng) => {
    const { w, h } = s;
    const colors = ['#f9a8d4', '#93c5fd', '#fde68a', '#a7f3d0', '#c4b5fd', '#fdba74'];
    let eggs = '';
    const n = Math.round(w / 64);
    for (let i = 0; i < n; i++) {
      const x = (w * (i + 0.5)) / n + rng.range(-10, 10);
      const y = h * rng.range(0.86, 0.94);
      const r = Math.min(w, h) * rng.range(0.06, 0.085);
      const c = rng.pick(colors);
      eggs += `<g transform="rotate(${rng.range(-20, 20).toFixed(0)} ${x.toFixed(1)} ${y.toFixed(1)})"><ellipse cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" rx="${(r * 0.78).toFixed(1)}" ry="${r.toFixed(1)}" fill="${c}"/>`;
      eggs += `<path d="M${(x - r * 0.74).toFixed(1)} ${y.toFixed(1)}l${(r * 0.37).toFixed(1)} ${(-r * 0.25).toFixed(1)}l${(r * 0.37).toFixed(1)} ${(r * 0.25).toFixed(1)}l${(r * 0.37).toFixed(1)} ${(-r * 0.25).toFixed(1)}l${(r * 0.37).toFixed(1)} ${(r * 0.25).toFixed(1)}" stroke="#fff" stroke-width="3" fill="none"/>`;
      eggs += `<circle cx="${x.toFixed(1)}" cy="${(y - r * 0.5).toFixed(1)}" r="${(r * 0.12).toFixed(1)}" fill="${shade(c, -0.25)}"/></g>`;
    }
    let grass = '';
    for (let x = 0; x < w; x += 7)
      grass += `<path d="M${x} ${h}L${x + 3} ${(h * rng.range(0.84, 0.9)).toFixed(1)}L${x + 6} ${h}Z" fill="${rng.pick(['#86c46b', '#6fb356', '#9bd17f'])}"/>`;
    return `${studio(s, '#fffaf0', rng.pick(['#fbcfe8', '#bfdbfe', '#ddd6fe'])) + bokeh(s, rng, ['#ffffff', '#fef3c7'], 8, 20, 50, 0.4)}<rect y="${h * 0.9}" width="${w}" height="${h * 0.1}" fill="#7cbf5f"/>${grass}${eggs}`;
  },
} satisfies Partial<Record<BackdropId, Backdrop>>;
