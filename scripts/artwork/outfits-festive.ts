/** Holiday knits, Halloween costumes, evening wear and wedding gowns. */
import type { AttireId } from '../../src/shared/catalog/artwork';
import type { FigureContext, OutfitRender } from './figure';
import { torsoPath } from './figure';
import { turtleneckParts } from './outfits-business';
import { SCOOP, V, closedCollar, crewBand, garment, jacketBody, jacketFront, necklace, openCollar, pair, pendant, shading, skinTorso } from './outfit-parts';
import { shade } from './palette';

const pick = <T>(ctx: FigureContext, items: readonly T[]): T => ctx.rng.pick(items);

/** A strapless or off-shoulder bodice over bare shoulders. */
function gown(ctx: FigureContext, fill: string, top = 404): string {
  const S = ctx.S;
  const d = `M${206 - S} 680L${212 - S} 432Q${240 - S} ${top - 8} 170 ${top}Q200 ${top + 26} 230 ${top}Q${160 + S} ${top - 8} ${188 + S} 432L${194 + S} 680Z`;
  return `${skinTorso(ctx)}<path d="${d}" fill="${fill}"/>${shading(ctx, d, 0.25)}`;
}

function sparkles(ctx: FigureContext, color: string): string {
  return ctx.scene.pattern(
    18,
    18,
    `<circle cx="4" cy="4" r="2.6" fill="${color}" opacity=".9"/><circle cx="13" cy="13" r="2.6" fill="${shade(color, 0.4)}" opacity=".9"/><circle cx="13" cy="4" r="1.2" fill="#fff"/>`,
  );
}

function lace(ctx: FigureContext): string {
  return ctx.scene.pattern(
    16,
    16,
    `<circle cx="8" cy="8" r="5" fill="none" stroke="#fff" stroke-width="1.3" opacity=".9"/><circle cx="0" cy="0" r="3" fill="#fff" opacity=".7"/><circle cx="16" cy="16" r="3" fill="#fff" opacity=".7"/>`,
  );
}

function christmasBands(ctx: FigureContext, accent: string): string {
  const zig = ctx.scene.pattern(24, 20, `<path d="M0 14L6 6L12 14L18 6L24 14" stroke="${accent}" stroke-width="3" fill="none"/>`);
  const trees = ctx.scene.pattern(
    40,
    44,
    `<path d="M20 6L30 34H10Z" fill="${accent === '#ffffff' ? '#2f7d4a' : accent}"/><rect x="18" y="34" width="4" height="6" fill="#7a4a2a"/><circle cx="20" cy="4" r="2.5" fill="#f2c14e"/>`,
  );
  const flakes = ctx.scene.pattern(30, 30, `<path d="M15 7V23M7 15H23M9 9L21 21M21 9L9 21" stroke="${accent}" stroke-width="2"/>`);
  const clip = ctx.scene.clip(`<path d="${torsoPath(ctx.S)}"/>`);
  return (
    `<g clip-path="${clip}"><rect x="0" y="372" width="400" height="16" fill="${zig}"/><rect x="0" y="392" width="400" height="44" fill="${trees}"/>` +
    `<rect x="0" y="440" width="400" height="16" fill="${zig}"/><rect x="0" y="470" width="400" height="210" fill="${flakes}" opacity=".5"/></g>`
  );
}

function plaid(ctx: FigureContext, base: string, line: string): string {
  return ctx.scene.pattern(
    44,
    44,
    `<rect width="44" height="44" fill="${base}"/><rect y="14" width="44" height="16" fill="${line}" opacity=".55"/><rect x="14" width="16" height="44" fill="${line}" opacity=".55"/>` +
      `<path d="M0 38H44M38 0V44" stroke="#fff" stroke-width="1.5" opacity=".35"/>`,
  );
}

export const FESTIVE_OUTFITS = {
  christmas_sweater: (ctx) => {
    const base = pick(ctx, ['#b3262e', '#1f5f3f', '#1d2847', '#9b1c31']);
    const accent = base === '#1d2847' ? '#ffffff' : pick(ctx, ['#ffffff', '#f2e6c9']);
    return { body: garment(ctx, base) + christmasBands(ctx, accent), neckline: 'crew', over: crewBand(shade(base, -0.15)) };
  },
  plaid_flannel: (ctx) => {
    const [base, line] = pick(ctx, [
      ['#b3262e', '#1b1b1f'],
      ['#2f5d4a', '#1b1b1f'],
      ['#1d3b6b', '#b3262e'],
      ['#8a3b2a', '#2b2b30'],
    ] as const);
    const tee = pick(ctx, ['#ffffff', '#2b2b30', '#d9d4c7']);
    return {
      body: `${garment(ctx, plaid(ctx, base, line))}<path d="M172 312L200 372L228 312Z" fill="${tee}"/>`,
      neckline: 'crew',
      over: crewBand(shade(tee, -0.12)) + openCollar(base),
    };
  },
  red_turtleneck: (ctx) => turtleneckParts(ctx, pick(ctx, ['#b3262e', '#9b1c31', '#c0392b'])),
  velvet_dress: (ctx) => {
    const fill = pick(ctx, ['#6b1d3a', '#1d3b6b', '#14532d', '#7f1d1d', '#3b1250']);
    const sheen = ctx.scene.radial([
      [0, '#fff', 0.22],
      [1, '#fff', 0],
    ]);
    return {
      body: `${garment(ctx, fill, V(392))}<ellipse cx="130" cy="440" rx="50" ry="90" fill="${sheen}"/><ellipse cx="272" cy="440" rx="50" ry="90" fill="${sheen}"/>`,
      neckline: 'v',
      over: pendant('#e2c15a', '#f4f4f4', 354),
    };
  },
  vampire_cape: (ctx) => {
    const red = pick(ctx, ['#9b1c31', '#7f1d1d', '#b3262e']);
    const wing = `<path d="M120 350L70 150L150 250L172 312Z" fill="#141418"/><path d="M128 340L88 186L152 262L170 316Z" fill="${red}"/>`;
    const jacket = { fill: '#141418', lapel: '#1f1f25', vBottom: 460 };
    return {
      back: pair(wing),
      body: garment(ctx, '#f4f4f4') + jacketBody(ctx, jacket),
      neckline: 'none',
      over:
        closedCollar('#f4f4f4') +
        `<path d="M188 322Q200 316 212 322L216 372Q200 384 184 372Z" fill="${red}"/>` +
        jacketFront(jacket) +
        `<circle cx="200" cy="396" r="11" fill="#d4af37"/><circle cx="200" cy="396" r="5" fill="${red}"/>`,
    };
  },
  pirate_costume: (ctx) => {
    const vest = pick(ctx, ['#5a3a22', '#2b2b30', '#7a2e3a']);
    const jo = { fill: vest, vBottom: 480, open: true, lapel: shade(vest, 0.1) };
    return {
      body:
        garment(ctx, '#f3ecdc', V(410)) +
        jacketBody(ctx, jo) +
        `<g clip-path="${ctx.scene.clip(`<path d="${torsoPath(ctx.S)}"/>`)}"><path d="M0 520Q200 540 400 520V556Q200 576 0 556Z" fill="#b3262e"/></g>`,
      neckline: 'deep_v',
      over:
        `<path d="M188 350L212 362M212 350L188 362M190 374L210 386M210 374L190 386" stroke="#6b4a2a" stroke-width="2.5"/>` +
        pair(`<path d="M170 300L150 332L186 360L168 312Z" fill="#f3ecdc" stroke="#d6cbb3" stroke-width="2"/>`) +
        pendant('#c9a227', '#c9a227', 340),
    };
  },
  wizard_robe: (ctx) => {
    const fill = pick(ctx, ['#3b1f6b', '#1d2f6b', '#4a1d4a']);
    const stars = ctx.scene.pattern(
      60,
      60,
      `<path d="M15 10l3 7 7 1-5 5 1 7-6-3-6 3 1-7-5-5 7-1z" fill="#f2c14e" opacity=".8"/><circle cx="45" cy="42" r="3" fill="#f2c14e" opacity=".7"/>`,
    );
    return {
      body: `${garment(ctx, fill, V(420))}<path d="${torsoPath(ctx.S, 0, V(420))}" fill="${stars}"/><path d="M170 310L200 420L230 310Z" fill="#2b2b30"/>`,
      neckline: 'none',
      over: pair(`<path d="M168 306L200 424" stroke="#d4af37" stroke-width="8"/>`),
    };
  },
  witch_costume: (ctx) => {
    const fill = pick(ctx, ['#1b1b1f', '#2e1a47', '#14301f']);
    return {
      body: garment(ctx, fill, V(400)),
      neckline: 'v',
      over:
        pair(`<path d="M170 304L140 346L176 350L200 400L176 316Z" fill="${shade(fill, 0.1)}" stroke="#7c3aed" stroke-width="2"/>`) +
        `<path d="M190 420L210 432M210 420L190 432M190 444L210 456M210 444L190 456" stroke="#a855f7" stroke-width="3"/>` +
        pendant('#9ca3af', '#a855f7', 354),
    };
  },
  cat_costume: (ctx) => {
    const parts = turtleneckParts(ctx, '#1b1b1f');
    return {
      ...parts,
      over: `${parts.over}<path d="M168 318Q200 330 232 318" stroke="#e11d48" stroke-width="8" fill="none"/><circle cx="200" cy="338" r="8" fill="#f2c14e"/>`,
    };
  },
  evening_gown: (ctx) => {
    const fill = pick(ctx, ['#7f1d1d', '#111114', '#14532d', '#1d2f6b', '#6b1d3a', '#b08d57']);
    const sheen = ctx.scene.linear(
      [
        [0, '#fff', 0],
        [0.5, '#fff', 0.18],
        [1, '#fff', 0],
      ],
      0,
      0,
      1,
      0,
    );
    return {
      body: `${gown(ctx, fill)}<path d="M120 430Q200 470 280 430L284 680H116Z" fill="${sheen}"/>`,
      neckline: 'none',
      over: `${necklace('#f8fafc', 350, 4, 15, 30)}<path d="M200 352l6 9l-6 11l-6 -11z" fill="#e0f2fe"/>`,
    };
  },
  sequin_dress: (ctx) => {
    const [base, dot] = pick(ctx, [
      ['#b08d57', '#f2d492'],
      ['#9ca3af', '#f1f5f9'],
      ['#9d4b63', '#f6c1cf'],
      ['#1b1b1f', '#9ca3af'],
    ] as const);
    const fill = sparkles(ctx, dot);
    const d = torsoPath(ctx.S, 0, V(400));
    return {
      body: `<path d="${d}" fill="${base}"/><path d="${d}" fill="${fill}"/>${shading(ctx, d, 0.3)}`,
      neckline: 'deep_v',
      over: '',
    };
  },
  wedding_gown: (ctx) => {
    const fill = pick(ctx, ['#ffffff', '#fbf7ef', '#f8f4ec']);
    const d = `M80 680L86 450Q140 420 200 440Q260 420 314 450L320 680Z`;
    return {
      body: `${gown(ctx, fill)}<path d="${d}" fill="${lace(ctx)}" opacity=".5"/><path d="M${212 - ctx.S} 432Q${240 - ctx.S} 396 170 404Q200 430 230 404Q${160 + ctx.S} 396 ${188 + ctx.S} 432" stroke="#e9e2d0" stroke-width="3" fill="none"/>`,
      neckline: 'none',
      over: necklace('#fdfcf8', 344, 3.6, 17, 30),
    };
  },
  lace_gown: (ctx) => {
    const fill = pick(ctx, ['#fbf7ef', '#ffffff', '#f6efe4']);
    const d = torsoPath(ctx.S, 0, SCOOP(340));
    return {
      body: `${gown(ctx, fill, 420)}<path d="${d}" fill="${fill}" opacity=".55"/><path d="${d}" fill="${lace(ctx)}" opacity=".8"/>`,
      neckline: 'none',
      over: `<path d="M166 306Q200 346 234 306" stroke="#fff" stroke-width="3" fill="none" opacity=".8"/>`,
    };
  },
} satisfies Partial<Record<AttireId, OutfitRender>>;
