/** Built outdoor scenes: skylines, houses, civic buildings, gardens, clubs and tracks. */
import type { BackdropId } from '../../src/shared/catalog/artwork';
import { shade } from './palette';
import type { Rng } from './random';
import { type Backdrop, bokeh, cloud, flower, frect, ridge, roundTree, sky, stringLights } from './scenery';
import type { Scene } from './svg';

const f = (n: number): string => n.toFixed(1);

function daySky(s: Scene, rng: Rng): string {
  return (
    sky(s, rng.pick(['#7db9e8', '#8ec5f0', '#6aa9de']), '#e6f2fb') +
    cloud(s.w * rng.range(0.15, 0.35), s.h * 0.12, s.w * 0.12) +
    cloud(s.w * rng.range(0.65, 0.85), s.h * 0.2, s.w * 0.09)
  );
}

/** A neoclassical portico: pediment, columns and steps, centred, spanning width fraction `span`. */
function portico(s: Scene, span: number, top: number, stone: string): string {
  const { w, h } = s;
  const x0 = w * (0.5 - span / 2);
  const x1 = w * (0.5 + span / 2);
  const y0 = h * top;
  let cols = '';
  const n = 6;
  for (let i = 0; i < n; i++) {
    const cx = x0 + ((x1 - x0) * (i + 0.5)) / n;
    cols += `<rect x="${f(cx - w * 0.022)}" y="${f(y0 + h * 0.1)}" width="${f(w * 0.044)}" height="${f(h * 0.42)}" fill="${stone}"/><rect x="${f(cx - w * 0.008)}" y="${f(y0 + h * 0.1)}" width="${f(w * 0.012)}" height="${f(h * 0.42)}" fill="${shade(stone, -0.12)}"/>`;
  }
  return (
    `<rect x="${f(x0)}" y="${f(y0 + h * 0.08)}" width="${f(x1 - x0)}" height="${f(h * 0.46)}" fill="${shade(stone, -0.2)}"/>` +
    cols +
    `<path d="M${f(x0 - w * 0.03)} ${f(y0 + h * 0.1)}L${w / 2} ${f(y0 - h * 0.05)}L${f(x1 + w * 0.03)} ${f(y0 + h * 0.1)}Z" fill="${stone}"/>` +
    `<rect x="${f(x0 - w * 0.03)}" y="${f(y0 + h * 0.08)}" width="${f(x1 - x0 + w * 0.06)}" height="${f(h * 0.03)}" fill="${shade(stone, -0.05)}"/>` +
    `<rect x="${f(x0 - w * 0.05)}" y="${f(y0 + h * 0.52)}" width="${f(x1 - x0 + w * 0.1)}" height="${f(h * 0.04)}" fill="${shade(stone, -0.08)}"/>` +
    `<rect x="${f(x0 - w * 0.08)}" y="${f(y0 + h * 0.56)}" width="${f(x1 - x0 + w * 0.16)}" height="${f(h * 0.04)}" fill="${shade(stone, -0.14)}"/>`
  );
}

function hedge(s: Scene, y: number, color: string): string {
  let out = `<rect x="0" y="${f(s.h * y)}" width="${s.w}" height="${f(s.h * 0.1)}" rx="14" fill="${color}"/>`;
  for (let x = 0; x < s.w; x += s.w / 10) out += `<circle cx="${f(x + s.w / 20)}" cy="${f(s.h * y + 4)}" r="${f(s.w / 18)}" fill="${color}"/>`;
  return out;
}

export const OUTDOOR_BACKDROPS = {
  city_skyline: (s, rng) => {
    const { w, h } = s;
    const dusk = rng.chance(0.5);
    let out = dusk ? sky(s, '#2b3a67', '#f4a261', '#a45a84') : sky(s, '#74a9d8', '#dcecf7');
    for (const [layer, color] of [
      [0, dusk ? '#3d3560' : '#9fb4c8'],
      [1, dusk ? '#231d3d' : '#6f86a0'],
    ] as const) {
      for (let x = -10; x < w; x += w * rng.range(0.07, 0.13)) {
        const bw = w * rng.range(0.07, 0.12);
        const bh = h * rng.range(0.2, 0.5) * (layer ? 0.85 : 1.1);
        const y = h * 0.82 - bh;
        out += `<rect x="${f(x)}" y="${f(y)}" width="${f(bw)}" height="${f(bh + h * 0.2)}" fill="${color}"/>`;
        if (layer === 1) {
          for (let wy = y + 8; wy < h * 0.8; wy += 14)
            for (let wx = x + 5; wx < x + bw - 6; wx += 10)
              if (rng.chance(dusk ? 0.45 : 0.25))
                out += `<rect x="${f(wx)}" y="${f(wy)}" width="5" height="7" fill="${dusk ? '#fde68a' : '#dbeafe'}" opacity=".85"/>`;
        }
      }
    }
    return out + frect(s, 0, 0.86, 1, 0.14, dusk ? '#1a1530' : '#4b5d70');
  },
  house_exterior: (s, rng) => {
    const { w, h } = s;
    const wall = rng.pick(['#f1e9dc', '#dfe7ec', '#e8d8c4', '#c9d6cf']);
    const roof = rng.pick(['#4b5563', '#7c2d12', '#374151']);
    const hx = w * 0.1;
    const hw = w * 0.8;
    const top = h * 0.32;
    const win = (x: number, y: number): string =>
      `<rect x="${f(x)}" y="${f(y)}" width="${f(w * 0.12)}" height="${f(h * 0.12)}" fill="#bfdbfe" stroke="#ffffff" stroke-width="5"/><path d="M${f(x + w * 0.06)} ${f(y)}V${f(y + h * 0.12)}" stroke="#fff" stroke-width="3"/>`;
    return (
      daySky(s, rng) +
      roundTree(w * 0.06, h * 0.7, h * 0.45, '#4d8a4a') +
      roundTree(w * 0.96, h * 0.72, h * 0.5, '#5a9a52') +
      `<rect x="${f(hx)}" y="${f(top)}" width="${f(hw)}" height="${f(h * 0.46)}" fill="${wall}"/>` +
      `<path d="M${f(hx - w * 0.05)} ${f(top + 2)}L${w / 2} ${f(h * 0.1)}L${f(hx + hw + w * 0.05)} ${f(top + 2)}Z" fill="${roof}"/>` +
      win(w * 0.16, h * 0.4) +
      win(w * 0.72, h * 0.4) +
      win(w * 0.16, h * 0.6) +
      win(w * 0.72, h * 0.6) +
      `<rect x="${f(w * 0.44)}" y="${f(h * 0.56)}" width="${f(w * 0.12)}" height="${f(h * 0.22)}" fill="${rng.pick(['#1e3a8a', '#7f1d1d', '#14532d'])}"/>` +
      frect(s, 0, 0.78, 1, 0.22, '#6fae5a') +
      `<path d="M${w * 0.44} ${h * 0.78}L${w * 0.36} ${h}H${w * 0.64}L${w * 0.56} ${h * 0.78}Z" fill="#d6cfc2"/>`
    );
  },
  courthouse: (s, rng) => daySky(s, rng) + portico(s, 0.78, 0.2, '#ece6da') + frect(s, 0, 0.8, 1, 0.2, '#cfc6b4'),
  government_building: (s, rng) => {
    const { w, h } = s;
    const stone = '#eef0f2';
    const dome =
      `<rect x="${w * 0.36}" y="${h * 0.2}" width="${w * 0.28}" height="${h * 0.1}" fill="${shade(stone, -0.08)}"/>` +
      `<path d="M${w * 0.34} ${h * 0.22}Q${w * 0.34} ${h * 0.04} ${w / 2} ${h * 0.03}Q${w * 0.66} ${h * 0.04} ${w * 0.66} ${h * 0.22}Z" fill="${stone}"/>` +
      `<rect x="${w / 2 - 4}" y="${h * -0.02}" width="8" height="${h * 0.06}" fill="${stone}"/>`;
    const flag = (x: number): string =>
      `<path d="M${f(x)} ${h * 0.1}V${h * 0.8}" stroke="#9ca3af" stroke-width="3"/><rect x="${f(x)}" y="${h * 0.1}" width="${w * 0.12}" height="${h * 0.07}" fill="#b22234"/><path d="M${f(x)} ${h * 0.125}h${w * 0.12}M${f(x)} ${h * 0.15}h${w * 0.12}" stroke="#fff" stroke-width="3"/><rect x="${f(x)}" y="${h * 0.1}" width="${w * 0.05}" height="${h * 0.035}" fill="#3c3b6e"/>`;
    return daySky(s, rng) + dome + portico(s, 0.7, 0.32, stone) + frect(s, 0, 0.88, 1, 0.12, '#c9ccd1') + flag(w * 0.04) + flag(w * 0.84);
  },
  park: (s, rng) => {
    const { w, h } = s;
    let trees = '';
    for (let i = 0; i < 6; i++)
      trees += roundTree(w * rng.range(0, 1), h * rng.range(0.55, 0.7), h * rng.range(0.35, 0.55), rng.pick(['#4d8a4a', '#5fa35a', '#3f7a45', '#78b36a']));
    return `${daySky(s, rng) + ridge(s, rng, 0.6, 0.03, '#8cc474') + trees + frect(s, 0, 0.75, 1, 0.25, '#7dbb63')}<path d="M${w * 0.3} ${h}Q${w * 0.5} ${h * 0.82} ${w * 0.62} ${h * 0.75}H${w * 0.68}Q${w * 0.6} ${h * 0.85} ${w * 0.7} ${h}Z" fill="#e5d7b8"/>${bokeh(s, rng, ['#fff7cc', '#ffffff'], 8, 10, 30, 0.35)}`;
  },
  floral_arch: (s, rng) => {
    const { w, h } = s;
    const colors = ['#ffffff', '#fbcfe8', '#fda4af', '#fef3c7', '#f9a8d4'];
    let arch = '';
    const cx = w / 2;
    const cy = h * 0.62;
    const rx = w * 0.42;
    const ry = h * 0.5;
    for (let a = 180; a <= 360; a += 6) {
      const t = (a * Math.PI) / 180;
      const x = cx + rx * Math.cos(t);
      const y = cy + ry * Math.sin(t);
      arch += `<circle cx="${f(x + rng.range(-6, 6))}" cy="${f(y + rng.range(-6, 6))}" r="${f(w * 0.05)}" fill="${rng.pick(['#6b9a5b', '#7fb069', '#5a8a4a'])}"/>`;
      arch += flower(x + rng.range(-8, 8), y + rng.range(-8, 8), Math.min(w, h) * rng.range(0.03, 0.05), rng.pick(colors), '#f5d08a');
    }
    const posts = `<rect x="${f(cx - rx - w * 0.03)}" y="${f(cy)}" width="${f(w * 0.06)}" height="${f(h * 0.4)}" fill="#f5f0e6"/><rect x="${f(cx + rx - w * 0.03)}" y="${f(cy)}" width="${f(w * 0.06)}" height="${f(h * 0.4)}" fill="#f5f0e6"/>`;
    return sky(s, '#fdf6f0', '#f3e6dc') + bokeh(s, rng, ['#ffffff', '#fde2e4'], 10, 20, 50, 0.5) + posts + arch + frect(s, 0, 0.9, 1, 0.1, '#e9dccd');
  },
  garden_wedding: (s, rng) => {
    const { w, h } = s;
    let bushes = '';
    for (let x = 0; x < w; x += w / 6)
      bushes += `<circle cx="${f(x + rng.range(0, w / 8))}" cy="${f(h * 0.7)}" r="${f(w * 0.11)}" fill="${rng.pick(['#5a8a4a', '#6b9a5b', '#4d7c3a'])}"/>`;
    let blooms = '';
    for (let i = 0; i < 24; i++)
      blooms += flower(rng.range(0, w), rng.range(h * 0.6, h * 0.8), Math.min(w, h) * 0.022, rng.pick(['#ffffff', '#fbcfe8', '#fef3c7']));
    return (
      sky(s, '#cfe6f5', '#f6efe6') +
      roundTree(w * 0.1, h * 0.6, h * 0.6, '#6b9a5b') +
      roundTree(w * 0.9, h * 0.58, h * 0.55, '#5a8a4a') +
      stringLights(s, rng, 0.1, 0.05, ['#fff3c4', '#fde68a']) +
      bushes +
      blooms +
      frect(s, 0, 0.8, 1, 0.2, '#8cbf73')
    );
  },
  country_club: (s, rng) => {
    const { w, h } = s;
    const club = `<rect x="${w * 0.2}" y="${h * 0.36}" width="${w * 0.6}" height="${h * 0.22}" fill="#fbfaf5"/><path d="M${w * 0.16} ${h * 0.37}L${w / 2} ${h * 0.24}L${w * 0.84} ${h * 0.37}Z" fill="#2f4f3a"/>`;
    let cols = '';
    for (let i = 0; i < 6; i++) cols += `<rect x="${f(w * (0.24 + i * 0.1))}" y="${h * 0.4}" width="${w * 0.025}" height="${h * 0.18}" fill="#e7e2d6"/>`;
    return (
      daySky(s, rng) +
      roundTree(w * 0.05, h * 0.6, h * 0.5, '#3f7a45') +
      roundTree(w * 0.95, h * 0.6, h * 0.5, '#4d8a4a') +
      club +
      cols +
      ridge(s, rng, 0.6, 0.02, '#6fae5a') +
      frect(s, 0, 0.7, 1, 0.3, '#5c9e4c') +
      `<path d="M0 ${h * 0.78}Q${w / 2} ${h * 0.72} ${w} ${h * 0.8}" stroke="#7dbb63" stroke-width="${h * 0.04}" fill="none"/>` +
      `<path d="M${w * 0.86} ${h * 0.74}V${h * 0.6}" stroke="#fff" stroke-width="2"/><path d="M${w * 0.86} ${h * 0.6}l${w * 0.05} ${h * 0.02}l-${w * 0.05} ${h * 0.02}Z" fill="#dc2626"/>`
    );
  },
  estate_garden: (s, rng) => {
    const { w, h } = s;
    const manor = `<rect x="${w * 0.12}" y="${h * 0.3}" width="${w * 0.76}" height="${h * 0.26}" fill="#e8dcc4"/><path d="M${w * 0.1} ${h * 0.31}H${w * 0.9}L${w * 0.82} ${h * 0.22}H${w * 0.18}Z" fill="#6b7280"/>`;
    let wins = '';
    for (let i = 0; i < 7; i++)
      wins += `<rect x="${f(w * (0.16 + i * 0.1))}" y="${h * 0.35}" width="${w * 0.05}" height="${h * 0.08}" fill="#9fb4c8"/><rect x="${f(w * (0.16 + i * 0.1))}" y="${h * 0.46}" width="${w * 0.05}" height="${h * 0.08}" fill="#9fb4c8"/>`;
    const fountain = `<ellipse cx="${w / 2}" cy="${h * 0.76}" rx="${w * 0.2}" ry="${h * 0.04}" fill="#cbd5e1"/><rect x="${w / 2 - 6}" y="${h * 0.64}" width="12" height="${h * 0.12}" fill="#e5e7eb"/><path d="M${w / 2} ${h * 0.64}Q${w * 0.44} ${h * 0.6} ${w * 0.4} ${h * 0.74}M${w / 2} ${h * 0.64}Q${w * 0.56} ${h * 0.6} ${w * 0.6} ${h * 0.74}" stroke="#bfdbfe" stroke-width="3" fill="none"/>`;
    return `${daySky(s, rng) + manor + wins + hedge(s, 0.56, '#3f6b3a') + frect(s, 0, 0.64, 1, 0.36, '#7dbb63')}<path d="M${w * 0.42} ${h * 0.64}L${w * 0.3} ${h}H${w * 0.7}L${w * 0.58} ${h * 0.64}Z" fill="#e5dcc8"/>${fountain}`;
  },
  running_track: (s, rng) => {
    const { w, h } = s;
    let lanes = '';
    for (let i = 0; i <= 6; i++) {
      const x = w * (-0.6 + i * 0.37);
      lanes += `<path d="M${f(w / 2 + (i - 3) * w * 0.05)} ${h * 0.55}L${f(x)} ${h}" stroke="#fff" stroke-width="3"/>`;
    }
    let crowd = '';
    for (let i = 0; i < 80; i++)
      crowd += `<circle cx="${f(rng.range(0, w))}" cy="${f(rng.range(h * 0.3, h * 0.47))}" r="${f(rng.range(3, 6))}" fill="${rng.pick(['#64748b', '#94a3b8', '#1e3a8a', '#b91c1c', '#f8fafc'])}" opacity=".6"/>`;
    return `${sky(s, '#6aa9de', '#e0eef9') + frect(s, 0, 0.28, 1, 0.22, '#475569') + crowd + frect(s, 0, 0.48, 1, 0.07, '#5c9e4c')}<path d="M0 ${h * 0.55}H${w}V${h}H0Z" fill="#c2410c"/>${lanes}`;
  },
} satisfies Partial<Record<BackdropId, Backdrop>>;
