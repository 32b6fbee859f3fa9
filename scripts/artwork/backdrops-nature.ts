/** Landscapes and night scenes: Halloween, fantasy, mountains, forest, desert, meadow and beach. */
import type { BackdropId } from '../../src/shared/catalog/artwork';
import { shade } from './palette';
import type { Rng } from './random';
import { type Backdrop, bokeh, cloud, flower, frect, mountains, pine, ridge, sky, stars, tulip } from './scenery';
import type { Scene } from './svg';

const f = (n: number): string => n.toFixed(1);

export function pumpkin(x: number, y: number, r: number, face = false): string {
  const c = '#f97316';
  return (
    `<ellipse cx="${f(x - r * 0.45)}" cy="${f(y)}" rx="${f(r * 0.6)}" ry="${f(r * 0.8)}" fill="${shade(c, -0.12)}"/>` +
    `<ellipse cx="${f(x + r * 0.45)}" cy="${f(y)}" rx="${f(r * 0.6)}" ry="${f(r * 0.8)}" fill="${shade(c, -0.12)}"/>` +
    `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(r * 0.62)}" ry="${f(r * 0.84)}" fill="${c}"/>` +
    `<path d="M${f(x)} ${f(y - r * 0.8)}q${f(r * 0.05)} ${f(-r * 0.3)} ${f(r * 0.25)} ${f(-r * 0.4)}" stroke="#4d7c3a" stroke-width="${f(r * 0.16)}" fill="none" stroke-linecap="round"/>` +
    (face
      ? `<path d="M${f(x - r * 0.5)} ${f(y - r * 0.2)}l${f(r * 0.2)} ${f(-r * 0.25)}l${f(r * 0.2)} ${f(r * 0.25)}ZM${f(x + r * 0.1)} ${f(y - r * 0.2)}l${f(r * 0.2)} ${f(-r * 0.25)}l${f(r * 0.2)} ${f(r * 0.25)}ZM${f(x - r * 0.5)} ${f(y + r * 0.15)}q${f(r * 0.5)} ${f(r * 0.5)} ${f(r)} 0q${f(-r * 0.5)} ${f(r * 0.2)} ${f(-r)} 0Z" fill="#fde68a"/>`
      : '')
  );
}

export function bat(x: number, y: number, size: number): string {
  return `<path d="M${f(x)} ${f(y)}q${f(-size * 0.3)} ${f(-size * 0.3)} ${f(-size)} ${f(-size * 0.1)}q${f(size * 0.3)} ${f(size * 0.1)} ${f(size * 0.3)} ${f(size * 0.4)}q${f(size * 0.2)} ${f(-size * 0.2)} ${f(size * 0.35)} ${f(size * 0.05)}q${f(size * 0.15)} ${f(-size * 0.25)} ${f(size * 0.35)} ${f(-size * 0.05)}q0 ${f(-size * 0.3)} ${f(size * 0.3)} ${f(-size * 0.4)}q${f(-size * 0.7)} ${f(-size * 0.2)} ${f(-size)} ${f(size * 0.1)}Z" fill="#1b1226"/>`;
}

function bareTree(x: number, y: number, size: number, fill: string): string {
  return `<path d="M${f(x - size * 0.05)} ${f(y)}L${f(x - size * 0.03)} ${f(y - size * 0.6)}L${f(x - size * 0.3)} ${f(y - size * 0.9)}L${f(x - size * 0.02)} ${f(y - size * 0.7)}L${f(x)} ${f(y - size)}L${f(x + size * 0.04)} ${f(y - size * 0.72)}L${f(x + size * 0.32)} ${f(y - size * 0.85)}L${f(x + size * 0.04)} ${f(y - size * 0.55)}L${f(x + size * 0.06)} ${f(y)}Z" fill="${fill}"/>`;
}

function moon(s: Scene, x: number, y: number, r: number, color = '#fef3c7'): string {
  return `${s.glow(x, y, r * 3, color, 0.35)}<circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" fill="${color}"/>`;
}

function fireflies(s: Scene, rng: Rng, count: number, color: string): string {
  let out = '';
  for (let i = 0; i < count; i++) {
    const x = rng.range(0, s.w);
    const y = rng.range(0, s.h * 0.9);
    out += `${s.glow(x, y, rng.range(6, 14), color, 0.8)}<circle cx="${f(x)}" cy="${f(y)}" r="1.8" fill="#fff"/>`;
  }
  return out;
}

export const NATURE_BACKDROPS = {
  pumpkin_patch: (s, rng) => {
    const { w, h } = s;
    let pumpkins = '';
    for (let i = 0; i < 9; i++) pumpkins += pumpkin(rng.range(0, w), h * rng.range(0.76, 0.96), Math.min(w, h) * rng.range(0.05, 0.09), rng.chance(0.3));
    return (
      sky(s, '#3b1d5a', '#f59e0b', '#c2410c') +
      moon(s, w * 0.8, h * 0.14, Math.min(w, h) * 0.06) +
      ridge(s, rng, 0.62, 0.03, '#4a2c1a') +
      bareTree(w * 0.12, h * 0.7, h * 0.5, '#2a1a12') +
      frect(s, 0, 0.72, 1, 0.28, '#5b3a1e') +
      `<rect x="${w * 0.7}" y="${h * 0.66}" width="${w * 0.22}" height="${h * 0.1}" rx="6" fill="#d4a64a"/><path d="M${w * 0.7} ${h * 0.7}h${w * 0.22}M${w * 0.7} ${h * 0.73}h${w * 0.22}" stroke="#a87d2a" stroke-width="2"/>` +
      pumpkins
    );
  },
  haunted_night: (s, rng) => {
    const { w, h } = s;
    const house = `<g fill="#160f22"><rect x="${w * 0.58}" y="${h * 0.42}" width="${w * 0.3}" height="${h * 0.3}"/><path d="M${w * 0.55} ${h * 0.43}L${w * 0.73} ${h * 0.26}L${w * 0.91} ${h * 0.43}Z"/><rect x="${w * 0.62}" y="${h * 0.24}" width="${w * 0.06}" height="${h * 0.2}"/><path d="M${w * 0.61} ${h * 0.25}L${w * 0.65} ${h * 0.16}L${w * 0.69} ${h * 0.25}Z"/></g><rect x="${w * 0.66}" y="${h * 0.5}" width="${w * 0.04}" height="${h * 0.05}" fill="#fbbf24"/><rect x="${w * 0.77}" y="${h * 0.5}" width="${w * 0.04}" height="${h * 0.05}" fill="#fbbf24" opacity=".7"/>`;
    return (
      sky(s, '#1e0f3a', '#7c3aed', '#3b1d6b') +
      stars(s, rng, 40, '#fff', 1.6, 0.5) +
      moon(s, w * 0.25, h * 0.16, Math.min(w, h) * 0.08, '#fde68a') +
      bat(w * 0.4, h * 0.12, w * 0.05) +
      bat(w * 0.55, h * 0.2, w * 0.035) +
      bat(w * 0.15, h * 0.3, w * 0.04) +
      ridge(s, rng, 0.7, 0.03, '#2a1745') +
      house +
      bareTree(w * 0.1, h * 0.85, h * 0.55, '#120a1c') +
      frect(s, 0, 0.82, 1, 0.18, '#120a1c') +
      pumpkin(w * 0.85, h * 0.92, Math.min(w, h) * 0.07, true)
    );
  },
  enchanted_forest: (s, rng) => {
    const { w, h } = s;
    let trunks = '';
    for (let i = 0; i < 7; i++) {
      const x = rng.range(0, w);
      const tw = w * rng.range(0.04, 0.09);
      trunks += `<rect x="${f(x)}" y="0" width="${f(tw)}" height="${h}" fill="${rng.pick(['#1f3b35', '#183029', '#264a40'])}" opacity="${rng.range(0.6, 1).toFixed(2)}"/>`;
    }
    const rays = `<path d="M${w * 0.3} 0L${w * 0.45} 0L${w * 0.8} ${h}L${w * 0.5} ${h}Z" fill="#d9f99d" opacity=".12"/>`;
    const shroom = (x: number, y: number, r: number): string =>
      `<rect x="${f(x - r * 0.2)}" y="${f(y - r * 0.6)}" width="${f(r * 0.4)}" height="${f(r * 0.7)}" fill="#f5f0e6"/><path d="M${f(x - r)} ${f(y - r * 0.5)}Q${f(x)} ${f(y - r * 1.6)} ${f(x + r)} ${f(y - r * 0.5)}Z" fill="#dc2626"/><circle cx="${f(x - r * 0.3)}" cy="${f(y - r * 0.9)}" r="${f(r * 0.14)}" fill="#fff"/>`;
    return (
      sky(s, '#0f2a2e', '#0b1f1a', '#1d4d4a') +
      s.glow(w * 0.5, h * 0.35, Math.max(w, h) * 0.5, '#6ee7b7', 0.35) +
      trunks +
      rays +
      frect(s, 0, 0.86, 1, 0.14, '#143326') +
      shroom(w * 0.12, h * 0.92, w * 0.04) +
      shroom(w * 0.88, h * 0.9, w * 0.05) +
      fireflies(s, rng, 18, '#bef264')
    );
  },
  castle_night: (s, rng) => {
    const { w, h } = s;
    const c = '#2a2456';
    const tower = (x: number, tw: number, top: number): string =>
      `<rect x="${f(x)}" y="${f(top)}" width="${f(tw)}" height="${f(h - top)}" fill="${c}"/><path d="M${f(x - tw * 0.15)} ${f(top)}L${f(x + tw / 2)} ${f(top - tw * 1.3)}L${f(x + tw * 1.15)} ${f(top)}Z" fill="${c}"/><rect x="${f(x + tw * 0.35)}" y="${f(top + tw * 0.6)}" width="${f(tw * 0.3)}" height="${f(tw * 0.5)}" rx="4" fill="#fde68a"/>`;
    return (
      sky(s, '#0b1030', '#4c1d95', '#1e1b5a') +
      stars(s, rng, 60, '#fff', 1.8, 0.6) +
      moon(s, w * 0.78, h * 0.14, Math.min(w, h) * 0.07) +
      ridge(s, rng, 0.72, 0.04, '#161338') +
      `<rect x="${w * 0.18}" y="${h * 0.5}" width="${w * 0.64}" height="${h * 0.5}" fill="${c}"/>` +
      tower(w * 0.12, w * 0.1, h * 0.36) +
      tower(w * 0.45, w * 0.1, h * 0.26) +
      tower(w * 0.78, w * 0.1, h * 0.38) +
      fireflies(s, rng, 8, '#c4b5fd')
    );
  },
  mountains: (s, rng) => {
    const { w, h } = s;
    let pines = '';
    for (let x = 0; x < w; x += w * rng.range(0.06, 0.1))
      pines += pine(x, h * rng.range(0.94, 1), h * rng.range(0.16, 0.26), rng.pick(['#1f4d3a', '#24583f', '#1a4032']));
    return (
      sky(s, '#5b9bd5', '#e8f1f8') +
      cloud(w * 0.2, h * 0.12, w * 0.1) +
      mountains(s, rng, 0.6, 0.4, '#8fa4bd', '#ffffff') +
      mountains(s, rng, 0.72, 0.3, '#5f7a93', '#eef2f7') +
      ridge(s, rng, 0.8, 0.03, '#3f6b4a') +
      pines
    );
  },
  forest_trail: (s, rng) => {
    const { w, h } = s;
    let trees = '';
    for (let i = 0; i < 10; i++) {
      const left = i % 2 === 0;
      const x = left ? rng.range(-w * 0.05, w * 0.35) : rng.range(w * 0.65, w * 1.05);
      trees += pine(x, h * rng.range(0.7, 0.95), h * rng.range(0.5, 0.9), rng.pick(['#2f6b45', '#24583f', '#3a7d50']));
    }
    return `${sky(s, '#bfe3c8', '#f3f7e9') + s.glow(w / 2, h * 0.4, Math.max(w, h) * 0.4, '#fff7cc', 0.6) + ridge(s, rng, 0.62, 0.03, '#7fae6e')}<path d="M${w * 0.46} ${h * 0.6}Q${w * 0.4} ${h * 0.8} ${w * 0.2} ${h}H${w * 0.8}Q${w * 0.6} ${h * 0.8} ${w * 0.54} ${h * 0.6}Z" fill="#c8a878"/>${trees}`;
  },
  desert_canyon: (s, rng) => {
    const { w, h } = s;
    const mesa = (x: number, mw: number, top: number, color: string): string =>
      `<path d="M${f(x)} ${h}L${f(x + mw * 0.1)} ${f(top)}H${f(x + mw * 0.9)}L${f(x + mw)} ${h}Z" fill="${color}"/><path d="M${f(x + mw * 0.1)} ${f(top + 14)}H${f(x + mw * 0.9)}" stroke="${shade(color, -0.15)}" stroke-width="5"/>`;
    return (
      sky(s, '#f4a261', '#fde9c9', '#f7c59f') +
      s.glow(w * 0.7, h * 0.25, Math.min(w, h) * 0.2, '#fff3c4', 0.9) +
      mesa(-w * 0.1, w * 0.45, h * 0.38, '#c2603a') +
      mesa(w * 0.55, w * 0.55, h * 0.32, '#b4532f') +
      ridge(s, rng, 0.7, 0.03, '#d9824f') +
      frect(s, 0, 0.82, 1, 0.18, '#e0a26b')
    );
  },
  spring_flowers: (s, rng) => {
    const { w, h } = s;
    let blooms = '';
    for (let i = 0; i < 26; i++) {
      const x = rng.range(0, w);
      const y = h * rng.range(0.78, 1.02);
      blooms += rng.chance(0.5)
        ? tulip(x, y, Math.min(w, h) * rng.range(0.08, 0.13), rng.pick(['#f472b6', '#fb7185', '#facc15', '#c084fc', '#fb923c']))
        : flower(x, y - 20, Math.min(w, h) * rng.range(0.03, 0.05), rng.pick(['#ffffff', '#fde68a', '#fbcfe8']));
    }
    return (
      sky(s, '#9fd3f5', '#f1f9ec') +
      cloud(w * 0.7, h * 0.15, w * 0.12) +
      ridge(s, rng, 0.66, 0.03, '#a7d98b') +
      frect(s, 0, 0.76, 1, 0.24, '#8cc975') +
      bokeh(s, rng, ['#fbcfe8', '#fef3c7', '#ffffff'], 10, 10, 26, 0.45) +
      blooms
    );
  },
  beach: (s, rng) => {
    const { w, h } = s;
    const px = rng.chance(0.5) ? w * 0.12 : w * 0.88;
    const dir = px < w / 2 ? 1 : -1;
    let fronds = '';
    for (let i = 0; i < 6; i++) {
      const a = -160 + i * 28;
      fronds += `<ellipse cx="${f(px + dir * w * 0.02)}" cy="${f(h * 0.18)}" rx="${f(w * 0.16)}" ry="${f(h * 0.025)}" fill="${i % 2 ? '#2f7d4a' : '#3a9a58'}" transform="rotate(${a} ${f(px + dir * w * 0.02)} ${f(h * 0.2)}) translate(${f(w * 0.12)} 0)"/>`;
    }
    const trunk = `<path d="M${f(px)} ${h * 0.85}Q${f(px - dir * w * 0.06)} ${h * 0.5} ${f(px + dir * w * 0.02)} ${h * 0.2}" stroke="#8a6a4a" stroke-width="${f(w * 0.03)}" fill="none"/>`;
    return (
      sky(s, '#4fb3e8', '#d9f1fb') +
      cloud(w * 0.6, h * 0.12, w * 0.1) +
      s.glow(w * 0.5, h * 0.52, Math.min(w, h) * 0.3, '#ffffff', 0.5) +
      frect(s, 0, 0.52, 1, 0.2, '#1ca3c4') +
      `<path d="M0 ${h * 0.7}Q${w * 0.25} ${h * 0.67} ${w / 2} ${h * 0.7}T${w} ${h * 0.7}V${h}H0Z" fill="#f2dcae"/>` +
      `<path d="M0 ${h * 0.7}Q${w * 0.25} ${h * 0.67} ${w / 2} ${h * 0.7}T${w} ${h * 0.7}" stroke="#fff" stroke-width="4" fill="none" opacity=".8"/>` +
      trunk +
      fronds
    );
  },
} satisfies Partial<Record<BackdropId, Backdrop>>;
