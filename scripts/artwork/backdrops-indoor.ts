/** Interiors: office, healthcare, homes, libraries, cafés, classroom, gym, airport and holiday rooms. */
import type { BackdropId } from '../../src/shared/catalog/artwork';
import { shade } from './palette';
import { type Backdrop, bokeh, frect, pine, sky, stars, stringLights } from './scenery';

const f = (n: number): string => n.toFixed(1);

function plant(x: number, y: number, size: number): string {
  let leaves = '';
  for (let i = 0; i < 7; i++) {
    const a = -150 + i * 20;
    leaves += `<ellipse cx="${f(x)}" cy="${f(y - size * 0.55)}" rx="${f(size * 0.12)}" ry="${f(size * 0.42)}" fill="${i % 2 ? '#3f7d4a' : '#4f9a5a'}" transform="rotate(${a + 90} ${f(x)} ${f(y - size * 0.1)})"/>`;
  }
  return `${leaves}<path d="M${f(x - size * 0.2)} ${f(y - size * 0.1)}H${f(x + size * 0.2)}L${f(x + size * 0.15)} ${f(y + size * 0.25)}H${f(x - size * 0.15)}Z" fill="#d6c7b0"/>`;
}

function windowPane(x: number, y: number, w: number, h: number, inside: string, frame: string, cols: number, rows: number): string {
  let out = `<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" fill="${inside}"/>`;
  for (let i = 1; i < cols; i++) out += `<rect x="${f(x + (w * i) / cols - 3)}" y="${f(y)}" width="6" height="${f(h)}" fill="${frame}"/>`;
  for (let j = 1; j < rows; j++) out += `<rect x="${f(x)}" y="${f(y + (h * j) / rows - 3)}" width="${f(w)}" height="6" fill="${frame}"/>`;
  return `${out}<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" fill="none" stroke="${frame}" stroke-width="10"/>`;
}

export const INDOOR_BACKDROPS = {
  office: (s, rng) => {
    const { w, h } = s;
    let towers = '';
    for (let x = w * 0.08; x < w * 0.92; x += w * rng.range(0.06, 0.1)) {
      const th = h * rng.range(0.15, 0.4);
      towers += `<rect x="${f(x)}" y="${f(h * 0.62 - th)}" width="${f(w * 0.07)}" height="${f(th)}" fill="${rng.pick(['#b9c7d6', '#a9b8c9', '#c8d3df'])}"/>`;
    }
    const outside = s.linear([
      [0, '#cfe3f3'],
      [1, '#eef5fa'],
    ]);
    return (
      `<rect width="${w}" height="${h}" fill="#e6e1d8"/>` +
      `<rect x="${w * 0.06}" y="${h * 0.06}" width="${w * 0.88}" height="${h * 0.56}" fill="${outside}"/>` +
      towers +
      windowPane(w * 0.06, h * 0.06, w * 0.88, h * 0.56, 'none', '#4b5563', 4, 2) +
      frect(s, 0, 0.8, 1, 0.2, '#8a6a4f') +
      plant(w * 0.88, h * 0.8, Math.min(w, h) * 0.35)
    );
  },
  hospital_corridor: (s) => {
    const { w, h } = s;
    const vx = w / 2;
    const vy = h * 0.42;
    const ew = w * 0.16;
    const eh = h * 0.16;
    let lights = '';
    for (let i = 0; i < 5; i++) {
      const t = 1 - i / 5;
      const y = vy - eh / 2 - (vy - eh / 2) * t * 0.9;
      const hw = ew / 2 + (w * 0.3 - ew / 2) * t;
      lights += `<rect x="${f(vx - hw * 0.5)}" y="${f(y)}" width="${f(hw)}" height="${f(6 + 14 * t)}" fill="#ffffff"/>`;
    }
    const door = (side: number, t: number, color: string): string => {
      const x0 = side < 0 ? w * t * 0.42 : w - w * t * 0.42;
      const x1 = side < 0 ? x0 + w * 0.1 * (1 - t) + 8 : x0 - w * 0.1 * (1 - t) - 8;
      const top0 = vy - (vy - h * 0.08) * (1 - t);
      const bot0 = vy + (h * 0.95 - vy) * (1 - t);
      const t1 = t + 0.16;
      const top1 = vy - (vy - h * 0.08) * (1 - t1);
      const bot1 = vy + (h * 0.95 - vy) * (1 - t1);
      return `<path d="M${f(x0)} ${f(top0 + (bot0 - top0) * 0.2)}L${f(x1)} ${f(top1 + (bot1 - top1) * 0.2)}L${f(x1)} ${f(bot1)}L${f(x0)} ${f(bot0)}Z" fill="${color}"/>`;
    };
    return (
      `<rect width="${w}" height="${h}" fill="#e8f1f4"/>` +
      `<path d="M0 0L${w} 0L${vx + ew / 2} ${vy - eh / 2}L${vx - ew / 2} ${vy - eh / 2}Z" fill="#f7fafb"/>` +
      `<path d="M0 ${h}L${w} ${h}L${vx + ew / 2} ${vy + eh / 2}L${vx - ew / 2} ${vy + eh / 2}Z" fill="#cdd9de"/>` +
      `<path d="M0 0L${vx - ew / 2} ${vy - eh / 2}L${vx - ew / 2} ${vy + eh / 2}L0 ${h}Z" fill="#dfeaee"/>` +
      `<path d="M${w} 0L${vx + ew / 2} ${vy - eh / 2}L${vx + ew / 2} ${vy + eh / 2}L${w} ${h}Z" fill="#dfeaee"/>` +
      `<rect x="${vx - ew / 2}" y="${vy - eh / 2}" width="${ew}" height="${eh}" fill="#bcd7e0"/>` +
      door(-1, 0.15, '#5fa8a8') +
      door(-1, 0.55, '#5fa8a8') +
      door(1, 0.3, '#5fa8a8') +
      door(1, 0.7, '#5fa8a8') +
      `<path d="M0 ${h * 0.62}L${vx - ew / 2} ${vy + eh * 0.1}M${w} ${h * 0.62}L${vx + ew / 2} ${vy + eh * 0.1}" stroke="#3f8f9a" stroke-width="6"/>` +
      lights
    );
  },
  clinic: (s, rng) => {
    const { w, h } = s;
    let blinds = '';
    for (let y = h * 0.12; y < h * 0.55; y += h * 0.03)
      blinds += `<rect x="${w * 0.06}" y="${f(y)}" width="${w * 0.36}" height="${f(h * 0.018)}" fill="#f8fafc" opacity=".85"/>`;
    return (
      sky(s, '#f4f8fb', '#dbe7ef') +
      frect(s, 0.06, 0.1, 0.36, 0.47, '#bfe0f2') +
      blinds +
      frect(s, 0.64, 0.16, 0.3, 0.5, '#ffffff', ' rx="8"') +
      frect(s, 0.66, 0.36, 0.26, 0.012, '#cbd5e1') +
      frect(s, 0.79, 0.18, 0.004, 0.46, '#cbd5e1') +
      `<g transform="translate(${w * 0.5} ${h * 0.12})"><rect x="-14" y="-4" width="28" height="8" fill="#14b8a6"/><rect x="-4" y="-14" width="8" height="28" fill="#14b8a6"/></g>` +
      frect(s, 0, 0.84, 1, 0.16, '#c9d6de') +
      plant(w * rng.pick([0.1, 0.9]), h * 0.84, Math.min(w, h) * 0.3)
    );
  },
  modern_interior: (s, rng) => {
    const { w, h } = s;
    const sofa = rng.pick(['#7c8b8a', '#b08d6a', '#5b6b82', '#c9b8a3']);
    const art = rng.pick(['#e07a5f', '#3d405b', '#81b29a', '#f2cc8f']);
    return (
      `<rect width="${w}" height="${h}" fill="#efe9e1"/>` +
      windowPane(w * 0.58, h * 0.08, w * 0.36, h * 0.55, '#cfe6d8', '#3f3f46', 2, 2) +
      frect(s, 0.1, 0.16, 0.2, 0.2, '#ffffff', ' stroke="#27272a" stroke-width="5"') +
      `<circle cx="${w * 0.2}" cy="${h * 0.26}" r="${Math.min(w, h) * 0.06}" fill="${art}"/>` +
      `<path d="M${w * 0.4} 0V${h * 0.2}" stroke="#27272a" stroke-width="2"/><path d="M${w * 0.34} ${h * 0.26}Q${w * 0.4} ${h * 0.16} ${w * 0.46} ${h * 0.26}Z" fill="#d4a373"/>` +
      frect(s, 0, 0.8, 1, 0.2, '#b89673') +
      frect(s, 0.02, 0.62, 0.96, 0.2, sofa, ' rx="18"') +
      frect(s, 0.05, 0.58, 0.9, 0.1, shade(sofa, 0.1), ' rx="16"') +
      plant(w * 0.08, h * 0.62, Math.min(w, h) * 0.32)
    );
  },
  bookshelf: (s, rng) => {
    const { w, h } = s;
    const colors = ['#7f1d1d', '#1e3a8a', '#14532d', '#78350f', '#374151', '#a16207', '#581c87', '#e7dcc8', '#0f766e', '#9a3412'];
    let out = sky(s, '#4a2f1b', '#2e1c10');
    const rows = 5;
    for (let r = 0; r < rows; r++) {
      const base = (h * (r + 1)) / rows - h * 0.02;
      let x = w * 0.02;
      while (x < w * 0.97) {
        const bw = w * rng.range(0.022, 0.045);
        const bh = (h / rows) * rng.range(0.62, 0.86);
        const c = rng.pick(colors);
        if (rng.chance(0.06)) {
          out += `<rect x="${f(x)}" y="${f(base - bh)}" width="${f(bw)}" height="${f(bh)}" fill="${c}" transform="rotate(-12 ${f(x + bw)} ${f(base)})"/>`;
          x += bw * 2.2;
          continue;
        }
        out += `<rect x="${f(x)}" y="${f(base - bh)}" width="${f(bw)}" height="${f(bh)}" fill="${c}"/><rect x="${f(x)}" y="${f(base - bh * 0.8)}" width="${f(bw)}" height="${f(bh * 0.06)}" fill="${shade(c, 0.35)}"/>`;
        x += bw + 1.5;
      }
      out += `<rect x="0" y="${f(base)}" width="${w}" height="${f(h * 0.025)}" fill="#6b4423"/>`;
    }
    return out + s.glow(w / 2, h * 0.3, Math.max(w, h) * 0.6, '#ffd9a0', 0.25);
  },
  cafe: (s, rng) => {
    const { w, h } = s;
    let lamps = '';
    for (const x of [0.18, 0.5, 0.82]) {
      const y = h * rng.range(0.14, 0.22);
      lamps += `<path d="M${w * x} 0V${f(y)}" stroke="#1f1f1f" stroke-width="2"/>${s.glow(w * x, y + 14, Math.min(w, h) * 0.16, '#ffcf7a', 0.7)}<path d="M${f(w * x - 16)} ${f(y + 12)}Q${w * x} ${f(y - 8)} ${f(w * x + 16)} ${f(y + 12)}Z" fill="#1f2937"/><circle cx="${w * x}" cy="${f(y + 14)}" r="5" fill="#fff3c4"/>`;
    }
    let cups = '';
    for (let x = w * 0.05; x < w * 0.95; x += w * 0.08)
      cups += `<rect x="${f(x)}" y="${f(h * 0.46)}" width="${f(w * 0.045)}" height="${f(h * 0.05)}" rx="3" fill="${rng.pick(['#f5f5f4', '#e7e5e4', '#a8a29e', '#14b8a6'])}"/>`;
    return (
      sky(s, '#5c3b28', '#2e1d14', '#6e4a33') +
      bokeh(s, rng, ['#ffcf7a', '#ffe7b3', '#f59e0b'], 14, 10, 30, 0.45, 0.4) +
      frect(s, 0, 0.51, 1, 0.015, '#3b2618') +
      cups +
      frect(s, 0.62, 0.58, 0.3, 0.24, '#1f2a24', ' stroke="#8b5e34" stroke-width="6"') +
      `<path d="M${w * 0.66} ${h * 0.64}h${w * 0.14}M${w * 0.66} ${h * 0.69}h${w * 0.2}M${w * 0.66} ${h * 0.74}h${w * 0.12}" stroke="#f5f5f4" stroke-width="3" opacity=".6"/>` +
      lamps
    );
  },
  chalkboard: (s, rng) => {
    const { w, h } = s;
    const fs = Math.min(w, h) * 0.065;
    const chalk = `font-family="sans-serif" fill="#f8fafc" opacity=".75" font-size="${f(fs)}"`;
    const formulas = ['E = mc²', 'a² + b² = c²', 'f(x) = ax² + bx + c', 'Σ n = n(n+1)/2', 'π ≈ 3.14159', 'F = ma', 'PV = nRT'];
    const picks = formulas
      .map((t) => [rng.next(), t] as const)
      .sort((a, b) => a[0] - b[0])
      .map(([, t]) => t);
    return (
      `<rect width="${w}" height="${h}" fill="#7a5230"/>` +
      frect(
        s,
        0.03,
        0.04,
        0.94,
        0.8,
        s.linear([
          [0, '#2f4a3a'],
          [1, '#253b2e'],
        ]),
      ) +
      `<text x="${w * 0.07}" y="${h * 0.15}" ${chalk}>${picks[0]}</text>` +
      `<text x="${w * 0.55}" y="${h * 0.3}" ${chalk}>${picks[1]}</text>` +
      `<text x="${w * 0.08}" y="${h * 0.62}" ${chalk}>${picks[2]}</text>` +
      `<path d="M${w * 0.74} ${h * 0.72}L${w * 0.9} ${h * 0.72}L${w * 0.74} ${h * 0.5}Z" stroke="#f8fafc" stroke-width="3" fill="none" opacity=".6"/>` +
      `<path d="M${w * 0.06} ${h * 0.44}Q${w * 0.16} ${h * 0.2} ${w * 0.26} ${h * 0.44}" stroke="#f8fafc" stroke-width="3" fill="none" opacity=".55"/>` +
      `<path d="M${w * 0.05} ${h * 0.44}H${w * 0.28}M${w * 0.06} ${h * 0.46}V${h * 0.24}" stroke="#f8fafc" stroke-width="2" opacity=".45"/>` +
      frect(s, 0.03, 0.84, 0.94, 0.03, '#5a3a22') +
      frect(s, 0, 0.87, 1, 0.13, '#d8cfc0')
    );
  },
  gym: (s, rng) => {
    const { w, h } = s;
    const neon = rng.pick(['#22d3ee', '#f43f5e', '#a3e635']);
    let bells = '';
    for (let x = w * 0.04; x < w * 0.96; x += w * 0.1) {
      const y = h * 0.7;
      bells += `<rect x="${f(x)}" y="${f(y - 2)}" width="${f(w * 0.07)}" height="4" fill="#9ca3af"/><rect x="${f(x - 4)}" y="${f(y - 10)}" width="12" height="20" rx="3" fill="#1f2937"/><rect x="${f(x + w * 0.07 - 8)}" y="${f(y - 10)}" width="12" height="20" rx="3" fill="#1f2937"/>`;
    }
    let plates = '';
    for (const [x, r] of [
      [0.12, 0.09],
      [0.3, 0.07],
      [0.72, 0.08],
      [0.88, 0.1],
    ] as const)
      plates += `<circle cx="${w * x}" cy="${h * 0.4}" r="${f(Math.min(w, h) * r)}" fill="#111827" stroke="#374151" stroke-width="4"/><circle cx="${w * x}" cy="${h * 0.4}" r="5" fill="#6b7280"/>`;
    return (
      sky(s, '#3a3f47', '#1f2328') +
      `<rect x="0" y="${h * 0.18}" width="${w}" height="6" fill="${neon}"/>` +
      s.glow(w / 2, h * 0.18, Math.max(w, h) * 0.4, neon, 0.35) +
      plates +
      frect(s, 0, 0.74, 1, 0.03, '#4b5563') +
      bells +
      frect(s, 0, 0.8, 1, 0.2, '#15171a')
    );
  },
  airport_window: (s, rng) => {
    const { w, h } = s;
    const outside = sky(s, rng.pick(['#7fb3e6', '#f4b183', '#a5c8ec']), '#eaf2f8');
    const plane =
      `<g transform="translate(${w * rng.range(0.2, 0.5)} ${h * 0.58}) scale(${Math.min(w, h) / 320})">` +
      `<path d="M0 0Q10 -14 40 -14H200Q224 -14 232 0Q224 10 200 10H40Q10 10 0 0Z" fill="#f8fafc"/><path d="M180 -14L214 -58H228L214 -14Z" fill="#1e3a8a"/>` +
      `<path d="M90 4L150 40H166L126 4Z" fill="#cbd5e1"/><path d="M30 -6h150" stroke="#60a5fa" stroke-width="3" stroke-dasharray="5 6"/></g>`;
    return (
      outside +
      frect(s, 0, 0.6, 1, 0.4, '#9ca3af') +
      frect(s, 0, 0.66, 1, 0.02, '#f8fafc') +
      plane +
      windowPane(-10, h * 0.03, w + 20, h * 0.72, 'none', '#334155', 3, 1) +
      frect(s, 0, 0.75, 1, 0.25, '#cbd5e1') +
      frect(s, 0, 0.75, 1, 0.01, '#64748b')
    );
  },
  fireplace: (s, rng) => {
    const { w, h } = s;
    let stockings = '';
    for (const x of [0.12, 0.3, 0.7, 0.88])
      stockings += `<path d="M${w * x - 10} ${h * 0.5}h20v${h * 0.08}q0 ${h * 0.04} 18 ${h * 0.05}v${h * 0.03}h-26q-12 0 -12 -12z" fill="${rng.pick(['#b91c1c', '#15803d', '#f8fafc'])}"/><rect x="${w * x - 12}" y="${h * 0.49}" width="24" height="10" fill="#f8fafc"/>`;
    return (
      sky(s, '#7c2d12', '#3b1308', '#9a3b1c') +
      frect(s, 0.2, 0.55, 0.6, 0.45, '#6b6257') +
      frect(s, 0.3, 0.63, 0.4, 0.37, '#1a0f0a') +
      s.glow(w / 2, h * 0.9, Math.min(w, h) * 0.32, '#fb923c', 0.9) +
      s.glow(w / 2, h * 0.5, Math.max(w, h) * 0.6, '#fdba74', 0.25) +
      frect(s, 0.02, 0.47, 0.96, 0.035, '#4a2e1c') +
      `<path d="M${w * 0.02} ${h * 0.47}Q${w * 0.26} ${h * 0.53} ${w / 2} ${h * 0.47}Q${w * 0.74} ${h * 0.53} ${w * 0.98} ${h * 0.47}" stroke="#166534" stroke-width="12" fill="none"/>` +
      stockings +
      stars(s, rng, 10, '#fde68a', 3, 0.5)
    );
  },
  christmas_tree: (s, rng) => {
    const { w, h } = s;
    const side = rng.chance(0.5) ? 0.16 : 0.84;
    const x = w * side;
    const size = h * 0.9;
    let lights = '';
    for (let i = 0; i < 30; i++) {
      const t = rng.range(0.1, 0.95);
      const lx = x + (rng.next() - 0.5) * size * 0.7 * t;
      const ly = h * 0.95 - size + size * t;
      lights += `<circle cx="${f(lx)}" cy="${f(ly)}" r="${f(rng.range(3, 6))}" fill="${rng.pick(['#fde047', '#f87171', '#60a5fa', '#fdba74', '#ffffff'])}"/>`;
    }
    const gifts = `<rect x="${f(x - w * 0.2)}" y="${h * 0.86}" width="${w * 0.12}" height="${h * 0.1}" fill="#b91c1c"/><rect x="${f(x - w * 0.145)}" y="${h * 0.86}" width="6" height="${h * 0.1}" fill="#fde68a"/><rect x="${f(x + w * 0.08)}" y="${h * 0.88}" width="${w * 0.1}" height="${h * 0.08}" fill="#1d4ed8"/>`;
    return (
      sky(s, '#1f2a1f', '#120d0a', '#3b2417') +
      bokeh(s, rng, ['#fde68a', '#fca5a5', '#ffffff', '#fdba74'], 22, 8, 26, 0.5) +
      stringLights(s, rng, 0.06, 0.04, ['#fde047', '#f87171', '#60a5fa', '#86efac']) +
      pine(x, h * 0.96, size, '#1f6b3a') +
      pine(x, h * 0.96, size * 0.8, '#24803f') +
      lights +
      `<path d="M${x} ${h * 0.04}l5 10 11 1 -8 7 3 11 -11 -6 -11 6 3 -11 -8 -7 11 -1z" fill="#fde047"/>` +
      gifts
    );
  },
  snowy_window: (s, rng) => {
    const { w, h } = s;
    const night = sky(s, '#1e3a5f', '#6b8fb5');
    let snow = '';
    for (let i = 0; i < 60; i++)
      snow += `<circle cx="${f(rng.range(w * 0.1, w * 0.9))}" cy="${f(rng.range(h * 0.08, h * 0.7))}" r="${f(rng.range(1.2, 3.5))}" fill="#fff" opacity=".85"/>`;
    return (
      `<rect width="${w}" height="${h}" fill="#e9d8c4"/>` +
      `<g>${night.replace('<rect ', `<rect x="${w * 0.1}" y="${h * 0.06}" `).replace(`width="${w}" height="${h}"`, `width="${w * 0.8}" height="${h * 0.66}"`)}</g>` +
      pine(w * 0.25, h * 0.72, h * 0.3, '#284a5f') +
      pine(w * 0.75, h * 0.72, h * 0.26, '#284a5f') +
      snow +
      frect(s, 0.1, 0.66, 0.8, 0.06, '#f8fafc') +
      windowPane(w * 0.1, h * 0.06, w * 0.8, h * 0.66, 'none', '#f5f0e8', 2, 2) +
      stringLights(s, rng, 0.04, 0.02, ['#fde68a', '#fef3c7'], 12) +
      frect(s, 0.05, 0.72, 0.9, 0.04, '#d6c3a8')
    );
  },
} satisfies Partial<Record<BackdropId, Backdrop>>;
