/** Reusable scenery pieces for backdrops; all take the scene's width and height into account. */
import { mix, shade } from './palette';
import type { Rng } from './random';
import type { Scene } from './svg';

export type Backdrop = (s: Scene, rng: Rng) => string;

/** A full-canvas vertical gradient. */
export function sky(s: Scene, top: string, bottom: string, mid?: string): string {
  const stops: [number, string][] = mid
    ? [
        [0, top],
        [0.55, mid],
        [1, bottom],
      ]
    : [
        [0, top],
        [1, bottom],
      ];
  return `<rect width="${s.w}" height="${s.h}" fill="${s.linear(stops)}"/>`;
}

/** A studio sweep: a lit centre fading to darker edges. */
export function studio(s: Scene, light: string, dark: string): string {
  const fill = s.radial(
    [
      [0, light],
      [1, dark],
    ],
    0.5,
    0.38,
    0.8,
  );
  return `<rect width="${s.w}" height="${s.h}" fill="${fill}"/>`;
}

/** Out-of-focus light discs. */
export function bokeh(s: Scene, rng: Rng, colors: readonly string[], count: number, rMin: number, rMax: number, opacity = 0.5, yMax = 1): string {
  let out = '';
  const k = Math.min(s.w, s.h) / 400;
  for (let i = 0; i < count; i++) {
    const r = rng.range(rMin, rMax) * k;
    const c = rng.pick(colors);
    const fill = s.radial([
      [0, c, opacity],
      [0.7, c, opacity * 0.8],
      [1, c, 0],
    ]);
    out += `<circle cx="${rng.range(0, s.w).toFixed(1)}" cy="${rng.range(0, s.h * yMax).toFixed(1)}" r="${r.toFixed(1)}" fill="${fill}"/>`;
  }
  return out;
}

/** A rect from 0..1 fractions of the canvas. */
export function frect(s: Scene, x: number, y: number, w: number, h: number, fill: string, extra = ''): string {
  return `<rect x="${(x * s.w).toFixed(1)}" y="${(y * s.h).toFixed(1)}" width="${(w * s.w).toFixed(1)}" height="${(h * s.h).toFixed(1)}" fill="${fill}"${extra}/>`;
}

/** A rolling ridge line across the canvas, filled down to the bottom. */
export function ridge(s: Scene, rng: Rng, y: number, amp: number, fill: string, steps = 6, sharp = false): string {
  const { w, h } = s;
  const pts: [number, number][] = [];
  for (let i = 0; i <= steps; i++) pts.push([(w * i) / steps, y * h + rng.range(-amp, amp) * h]);
  let d = `M0 ${h}L${pts[0][0]} ${pts[0][1].toFixed(1)}`;
  for (let i = 1; i < pts.length; i++) {
    const [x0, y0] = pts[i - 1];
    const [x1, y1] = pts[i];
    d += sharp
      ? `L${x1.toFixed(1)} ${y1.toFixed(1)}`
      : `Q${((x0 + x1) / 2).toFixed(1)} ${(Math.min(y0, y1) - amp * h * 0.6).toFixed(1)} ${x1.toFixed(1)} ${y1.toFixed(1)}`;
  }
  return `<path d="${d}L${w} ${h}Z" fill="${fill}"/>`;
}

/** A jagged mountain range with optional snow caps. */
export function mountains(s: Scene, rng: Rng, base: number, height: number, fill: string, snow?: string): string {
  const { w, h } = s;
  const peaks = rng.int(3, 5);
  let d = `M0 ${h}L0 ${(base * h).toFixed(1)}`;
  let caps = '';
  for (let i = 0; i < peaks; i++) {
    const x0 = (w * i) / peaks;
    const px = x0 + (w / peaks) * rng.range(0.3, 0.7);
    const py = (base - height * rng.range(0.6, 1)) * h;
    const vx = (w * (i + 1)) / peaks;
    const vy = (base - height * rng.range(0.1, 0.3)) * h;
    d += `L${px.toFixed(1)} ${py.toFixed(1)}L${vx.toFixed(1)} ${vy.toFixed(1)}`;
    if (snow) {
      const cw = (w / peaks) * 0.14;
      const ch = (base * h - py) * 0.22;
      caps += `<path d="M${(px - cw).toFixed(1)} ${(py + ch).toFixed(1)}L${px.toFixed(1)} ${py.toFixed(1)}L${(px + cw).toFixed(1)} ${(py + ch).toFixed(1)}L${(px + cw * 0.3).toFixed(1)} ${(py + ch * 0.7).toFixed(1)}L${(px - cw * 0.3).toFixed(1)} ${(py + ch * 0.9).toFixed(1)}Z" fill="${snow}"/>`;
    }
  }
  return `<path d="${d}L${w} ${h}Z" fill="${fill}"/>${caps}`;
}

/** A round deciduous tree. */
export function roundTree(x: number, y: number, size: number, leaf: string, trunk = '#6b4a2a'): string {
  return (
    `<rect x="${x - size * 0.08}" y="${y - size * 0.2}" width="${size * 0.16}" height="${size * 0.7}" fill="${trunk}"/>` +
    `<circle cx="${x}" cy="${y - size * 0.45}" r="${size * 0.42}" fill="${leaf}"/>` +
    `<circle cx="${x - size * 0.3}" cy="${y - size * 0.25}" r="${size * 0.3}" fill="${shade(leaf, -0.08)}"/>` +
    `<circle cx="${x + size * 0.3}" cy="${y - size * 0.28}" r="${size * 0.32}" fill="${shade(leaf, 0.06)}"/>`
  );
}

/** A pine tree. */
export function pine(x: number, y: number, size: number, fill: string): string {
  const w = size * 0.42;
  return (
    `<rect x="${x - size * 0.04}" y="${y - size * 0.1}" width="${size * 0.08}" height="${size * 0.14}" fill="#4a3322"/>` +
    `<path d="M${x} ${y - size}L${x + w * 0.6} ${y - size * 0.55}L${x + w * 0.35} ${y - size * 0.55}L${x + w} ${y - size * 0.05}L${x - w} ${y - size * 0.05}L${x - w * 0.35} ${y - size * 0.55}L${x - w * 0.6} ${y - size * 0.55}Z" fill="${fill}"/>`
  );
}

export function cloud(x: number, y: number, size: number, fill = '#ffffff', opacity = 0.9): string {
  return `<g fill="${fill}" opacity="${opacity}"><ellipse cx="${x}" cy="${y}" rx="${size}" ry="${size * 0.32}"/><circle cx="${x - size * 0.3}" cy="${y - size * 0.2}" r="${size * 0.34}"/><circle cx="${x + size * 0.2}" cy="${y - size * 0.3}" r="${size * 0.42}"/></g>`;
}

/** Scattered small stars or sparkles. */
export function stars(s: Scene, rng: Rng, count: number, color: string, maxR: number, yMax = 0.7): string {
  let out = '';
  for (let i = 0; i < count; i++) {
    out += `<circle cx="${rng.range(0, s.w).toFixed(1)}" cy="${rng.range(0, s.h * yMax).toFixed(1)}" r="${rng.range(0.6, maxR).toFixed(1)}" fill="${color}" opacity="${rng.range(0.4, 1).toFixed(2)}"/>`;
  }
  return out;
}

/** A four-point sparkle. */
export function sparkle(x: number, y: number, r: number, fill: string): string {
  return `<path d="M${x} ${y - r}Q${x + r * 0.15} ${y - r * 0.15} ${x + r} ${y}Q${x + r * 0.15} ${y + r * 0.15} ${x} ${y + r}Q${x - r * 0.15} ${y + r * 0.15} ${x - r} ${y}Q${x - r * 0.15} ${y - r * 0.15} ${x} ${y - r}Z" fill="${fill}"/>`;
}

/** A string of little light bulbs sagging across the canvas at height y (fraction). */
export function stringLights(s: Scene, rng: Rng, y: number, sag: number, colors: readonly string[], count = 14): string {
  const { w, h } = s;
  const y0 = y * h;
  let out = `<path d="M0 ${y0}Q${w / 2} ${y0 + sag * h * 2} ${w} ${y0}" stroke="#2b2b30" stroke-width="1.5" fill="none" opacity=".6"/>`;
  for (let i = 0; i <= count; i++) {
    const t = i / count;
    const x = w * t;
    const yy = y0 + sag * h * 4 * t * (1 - t);
    const c = rng.pick(colors);
    const glow = s.radial([
      [0, c, 0.7],
      [1, c, 0],
    ]);
    out += `<circle cx="${x.toFixed(1)}" cy="${(yy + 6).toFixed(1)}" r="${(Math.min(w, h) * 0.035).toFixed(1)}" fill="${glow}"/><circle cx="${x.toFixed(1)}" cy="${(yy + 6).toFixed(1)}" r="3.2" fill="${mix(c, '#ffffff', 0.5)}"/>`;
  }
  return out;
}

/** A stylised flower (5 petals). */
export function flower(x: number, y: number, r: number, petal: string, centre = '#f2c14e'): string {
  let out = '';
  for (let i = 0; i < 5; i++) {
    const a = (Math.PI * 2 * i) / 5;
    out += `<circle cx="${(x + r * 0.6 * Math.cos(a)).toFixed(1)}" cy="${(y + r * 0.6 * Math.sin(a)).toFixed(1)}" r="${(r * 0.5).toFixed(1)}" fill="${petal}"/>`;
  }
  return `${out}<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${(r * 0.35).toFixed(1)}" fill="${centre}"/>`;
}

/** A tulip on a stem. */
export function tulip(x: number, y: number, size: number, color: string): string {
  return (
    `<path d="M${x} ${y}V${y - size}" stroke="#4d7c3a" stroke-width="${size * 0.08}"/>` +
    `<path d="M${x - size * 0.22} ${y - size}Q${x - size * 0.24} ${y - size * 1.38} ${x - size * 0.1} ${y - size * 1.3}L${x} ${y - size * 1.42}L${x + size * 0.1} ${y - size * 1.3}Q${x + size * 0.24} ${y - size * 1.38} ${x + size * 0.22} ${y - size}Q${x} ${y - size * 0.86} ${x - size * 0.22} ${y - size}Z" fill="${color}"/>`
  );
}
