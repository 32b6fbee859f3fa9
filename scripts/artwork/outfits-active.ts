/** Uniforms, sportswear, fantasy costumes and outdoor gear. */
import type { AttireId } from '../../src/shared/catalog/artwork';
import type { FigureContext, OutfitRender } from './figure';
import { torsoPath } from './figure';
import { V, buttons, closedCollar, crewBand, garment, jacketBody, openCollar, pair, placket, shading, skinTorso, tie } from './outfit-parts';
import { shade } from './palette';

const pick = <T>(ctx: FigureContext, items: readonly T[]): T => ctx.rng.pick(items);

function clipTorso(ctx: FigureContext, content: string): string {
  return `<g clip-path="${ctx.scene.clip(`<path d="${torsoPath(ctx.S)}"/>`)}">${content}</g>`;
}

/** A stand-up collar around the neck with a centre zip. */
function standCollar(fill: string, zip = true): string {
  const edge = shade(fill, -0.25);
  return (
    pair(`<path d="M170 276L198 290L198 330L164 318Z" fill="${fill}" stroke="${edge}" stroke-width="2" stroke-linejoin="round"/>`) +
    (zip ? `<path d="M200 288V680" stroke="${edge}" stroke-width="3"/><rect x="195" y="328" width="10" height="18" rx="2" fill="#c0c4cc"/>` : '')
  );
}

function tank(ctx: FigureContext, fill: string, inset: number): string {
  const S = ctx.S;
  const d = `M${200 - S + inset} 680L${204 - S + inset} 430Q${210 - S + inset} 372 158 334L174 318Q200 ${inset > 40 ? 372 : 352} 226 318L242 334Q${190 + S - inset} 372 ${196 + S - inset} 430L${200 + S - inset} 680Z`;
  return `${skinTorso(ctx)}<path d="${d}" fill="${fill}"/>${shading(ctx, d, 0.25)}`;
}

function shoulderPatch(ctx: FigureContext, color: string): string {
  const x = 200 - ctx.S + 22;
  return pair(`<path d="M${x - 12} 380H${x + 12}V400Q${x} 414 ${x - 12} 400Z" fill="${color}" stroke="#d4af37" stroke-width="2"/>`);
}

export const ACTIVE_OUTFITS = {
  service_uniform: (ctx) => {
    const [shirt, tieColor] = pick(ctx, [
      ['#243353', '#111827'],
      ['#2b3a67', '#111827'],
      ['#c2a878', '#5a3a22'],
      ['#3b4a5a', '#1b1b1f'],
    ] as const);
    const edge = shade(shirt, -0.25);
    return {
      body:
        garment(ctx, shirt) +
        placket(344, shirt) +
        pair(
          `<path d="M120 430H170V440L145 446L120 440Z" fill="${shade(shirt, -0.08)}" stroke="${edge}" stroke-width="2"/><circle cx="145" cy="440" r="3" fill="${edge}"/>`,
        ) +
        shoulderPatch(ctx, shade(shirt, -0.35)) +
        pair(`<path d="M164 322L${212 - ctx.S + 40} 344" stroke="${edge}" stroke-width="10" stroke-linecap="round"/>`),
      neckline: 'none',
      over: `${closedCollar(shirt) + tie(tieColor)}<path d="M256 404l10 4 10 -4v14q0 12 -10 18q-10 -6 -10 -18z" fill="#d4af37" stroke="#a07d1c" stroke-width="1.5"/>`,
    };
  },
  firefighter_jacket: (ctx) => {
    const fill = pick(ctx, ['#c2a46b', '#1b1b1f', '#b08d57']);
    const stripe = `<rect x="0" y="470" width="400" height="18" fill="#f2d94e"/><rect x="0" y="474" width="400" height="10" fill="#d9dde3"/>`;
    return {
      body: garment(ctx, fill) + clipTorso(ctx, stripe) + buttons(184, 400, 4, 50, '#3a3a3a', 5),
      neckline: 'none',
      over: `${standCollar(fill, false)}<path d="M200 290V680" stroke="${shade(fill, -0.3)}" stroke-width="3"/>`,
    };
  },
  athletic_tank: (ctx) => {
    const fill = pick(ctx, ['#1b1b1f', '#374151', '#2563eb', '#dc2626', '#0f766e']);
    return { body: tank(ctx, fill, ctx.gender === 'man' ? 58 : 52), neckline: 'none', over: '' };
  },
  sports_top: (ctx) => {
    const fill = pick(ctx, ['#ec4899', '#14b8a6', '#1b1b1f', '#8b5cf6', '#f97316']);
    return {
      body: tank(ctx, fill, 50) + clipTorso(ctx, `<rect x="0" y="452" width="400" height="14" fill="${shade(fill, -0.3)}"/>`),
      neckline: 'none',
      over: '',
    };
  },
  track_jacket: (ctx) => {
    const fill = pick(ctx, ['#1d2847', '#1b1b1f', '#b91c1c', '#0f766e', '#4338ca']);
    const stripe = pick(ctx, ['#ffffff', '#f2d94e']);
    const x = 200 - ctx.S + 14;
    return {
      body:
        garment(ctx, fill) +
        pair(
          `<path d="M${x + 50} 346Q${x + 6} 370 ${x} 430V680" stroke="${stripe}" stroke-width="5" fill="none"/><path d="M${x + 58} 350Q${x + 16} 376 ${x + 10} 432V680" stroke="${stripe}" stroke-width="5" fill="none"/>`,
        ),
      neckline: 'none',
      over: standCollar(fill),
    };
  },
  compression_tee: (ctx) => {
    const fill = pick(ctx, ['#1b1b1f', '#374151', '#1e3a8a', '#134e4a']);
    const seam = pick(ctx, ['#22d3ee', '#a3e635', '#f97316', '#9ca3af']);
    return {
      body:
        garment(ctx, fill) +
        pair(`<path d="M150 340Q170 420 140 520M${200 - ctx.S + 40} 380Q180 470 196 680" stroke="${seam}" stroke-width="3" fill="none" opacity=".8"/>`),
      neckline: 'crew',
      over: crewBand(shade(fill, 0.1)),
    };
  },
  elven_cloak: (ctx) => {
    const cloak = pick(ctx, ['#2f5d3a', '#3f5a2a', '#4a5d6b', '#5b3a6b']);
    const tunic = pick(ctx, ['#c9b48a', '#8a6f52', '#e8dcc0']);
    const jo = { fill: cloak, vBottom: 500, open: true };
    return {
      back: `<path d="M120 360Q110 250 200 232Q290 250 280 360Z" fill="${shade(cloak, -0.2)}"/>`,
      body: garment(ctx, tunic, V(380)) + jacketBody(ctx, jo),
      neckline: 'v',
      over:
        pair(`<path d="M168 300Q140 330 150 380L178 330Z" fill="${shade(cloak, 0.12)}"/>`) +
        `<path d="M168 330Q200 318 232 330" stroke="#c9a227" stroke-width="3" fill="none"/>` +
        pair(`<path d="M172 330q-16 -12 -4 -26q12 10 4 26z" fill="#c9a227"/>`),
    };
  },
  knight_armor: (ctx) => {
    const metal = ctx.scene.linear(
      [
        [0, '#6b7280'],
        [0.35, '#e5e7eb'],
        [0.55, '#9ca3af'],
        [1, '#4b5563'],
      ],
      0,
      0,
      1,
      0,
    );
    const cape = pick(ctx, ['#7f1d1d', '#1e3a8a', '#14532d']);
    const S = ctx.S;
    return {
      body:
        `<path d="${torsoPath(S)}" fill="${cape}"/>` +
        `<path d="${torsoPath(S, 26)}" fill="${metal}"/>` +
        `<path d="M200 350V680" stroke="#4b5563" stroke-width="3"/><path d="M120 470Q200 500 280 470" stroke="#4b5563" stroke-width="3" fill="none"/>` +
        pair(
          `<path d="M${200 - S - 6} 420C${200 - S - 6} 360 ${240 - S} 334 ${290 - S} 330Q${320 - S} 380 ${290 - S} 440Q${240 - S} 460 ${200 - S - 6} 420Z" fill="${metal}" stroke="#4b5563" stroke-width="3"/><circle cx="${262 - S}" cy="372" r="4" fill="#4b5563"/>`,
        ),
      neckline: 'none',
      over:
        `<path d="M170 280Q200 292 230 280L240 324Q200 340 160 324Z" fill="${metal}" stroke="#4b5563" stroke-width="2.5"/>` +
        `<path d="M166 300Q200 314 234 300" stroke="#4b5563" stroke-width="2" fill="none"/>`,
    };
  },
  mage_robe: (ctx) => {
    const fill = pick(ctx, ['#1e1b4b', '#312e81', '#134e4a', '#4c1d95']);
    const glow = ctx.scene.radial([
      [0, '#a5f3fc', 0.95],
      [0.4, '#67e8f9', 0.6],
      [1, '#67e8f9', 0],
    ]);
    return {
      back: pair(`<path d="M150 330L140 230L176 290Z" fill="${shade(fill, 0.15)}" stroke="#d4af37" stroke-width="3"/>`),
      body: `${garment(ctx, fill, V(420))}<path d="M170 310L200 420L230 310Z" fill="${shade(fill, -0.3)}"/>`,
      neckline: 'none',
      over:
        pair(`<path d="M168 306L200 424" stroke="#d4af37" stroke-width="7"/>`) +
        `<circle cx="200" cy="380" r="34" fill="${glow}"/><circle cx="200" cy="380" r="9" fill="#ecfeff" stroke="#d4af37" stroke-width="3"/>`,
    };
  },
  outdoor_jacket: (ctx) => {
    const fill = pick(ctx, ['#ea580c', '#0f766e', '#b91c1c', '#ca8a04', '#3f6212', '#1e3a8a']);
    const edge = shade(fill, -0.3);
    return {
      body:
        garment(ctx, fill) +
        pair(
          `<path d="M132 400L172 380" stroke="${edge}" stroke-width="3"/><path d="M${200 - ctx.S + 30} 360Q170 352 196 366" stroke="${shade(fill, -0.15)}" stroke-width="4" fill="none"/>`,
        ),
      neckline: 'none',
      over: standCollar(fill),
    };
  },
  puffer_vest: (ctx) => {
    const fill = pick(ctx, ['#1d2847', '#3f6212', '#1b1b1f', '#b91c1c', '#78350f']);
    const sleeve = pick(ctx, ['#d9d4c7', '#6b7280', '#8a3b2a', '#f3ecdc']);
    const S = ctx.S;
    const arm = pair(`<path d="M${200 - S} 680L${200 - S} 416C${200 - S} 370 ${228 - S} 348 ${270 - S} 338Q${250 - S} 420 ${262 - S} 680Z" fill="${sleeve}"/>`);
    let quilt = '';
    for (let y = 380; y < 680; y += 44) quilt += `<path d="M0 ${y}Q200 ${y + 8} 400 ${y}" stroke="${shade(fill, -0.3)}" stroke-width="3" fill="none"/>`;
    return {
      body: garment(ctx, fill) + clipTorso(ctx, quilt) + arm,
      neckline: 'none',
      over: standCollar(fill),
    };
  },
  safari_shirt: (ctx) => {
    const fill = pick(ctx, ['#c8b48a', '#b7a47a', '#a8a07a', '#d6c7a1', '#8a8f6a']);
    const edge = shade(fill, -0.25);
    const pocket = `<path d="M120 410H172V470H120Z" fill="${shade(fill, -0.05)}" stroke="${edge}" stroke-width="2"/><path d="M118 404H174V424L146 430L118 424Z" fill="${fill}" stroke="${edge}" stroke-width="2"/><circle cx="146" cy="422" r="3" fill="${edge}"/>`;
    return {
      body:
        garment(ctx, fill) +
        placket(372, fill) +
        pair(pocket) +
        pair(`<path d="M170 322L${226 - ctx.S + 40} 344" stroke="${edge}" stroke-width="12" stroke-linecap="round"/>`),
      neckline: 'v',
      over: openCollar(fill),
    };
  },
} satisfies Partial<Record<AttireId, OutfitRender>>;
