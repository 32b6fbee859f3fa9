/** Suits, blazers, knitwear and office wear. */
import type { AttireId } from '../../src/shared/catalog/artwork';
import type { FigureContext, OutfitParts, OutfitRender } from './figure';
import {
  SCOOP,
  V,
  bowTie,
  closedCollar,
  crewBand,
  flagPin,
  garment,
  jacketBody,
  jacketFront,
  necklace,
  openCollar,
  pair,
  pendant,
  tie,
  tieBlade,
  tieKnot,
  type JacketOptions,
} from './outfit-parts';
import { CLOTH, shade } from './palette';

/** A jacket over a shirt and tie (men) or over a blouse (women). */
export function suit(ctx: FigureContext, jacket: JacketOptions): OutfitParts {
  const r = ctx.rng;
  if (ctx.gender === 'woman') {
    const blouse = r.pick(CLOTH.blouse);
    const jo = { ...jacket, vBottom: jacket.vBottom ?? 440 };
    return {
      body: garment(ctx, blouse) + jacketBody(ctx, jo),
      neckline: r.chance(0.5) ? 'v' : 'scoop',
      over: jacketFront(jo) + (r.chance(0.5) ? pendant('#d4af37', '#f1e4c3', 356) : ''),
    };
  }
  const shirt = r.pick(CLOTH.shirt);
  const tieColor = r.pick(CLOTH.ties);
  return {
    body: garment(ctx, shirt) + tieBlade(tieColor, r.chance(0.4) ? '#ffffff' : undefined) + jacketBody(ctx, jacket),
    neckline: 'none',
    over: closedCollar(shirt) + tieKnot(tieColor) + jacketFront(jacket),
  };
}

/** A blazer over an open-collared shirt (men) or a shell top (women). */
export function openBlazer(ctx: FigureContext, jacket: JacketOptions, inner?: string): OutfitParts {
  const r = ctx.rng;
  const shirt = inner ?? r.pick(ctx.gender === 'man' ? CLOTH.shirt : CLOTH.blouse);
  const jo = { ...jacket, vBottom: jacket.vBottom ?? 450 };
  return {
    body: garment(ctx, shirt) + jacketBody(ctx, jo),
    neckline: ctx.gender === 'man' ? 'v' : r.pick(['v', 'scoop'] as const),
    over: (ctx.gender === 'man' ? openCollar(shirt) : '') + jacketFront(jo),
  };
}

function pinstripe(ctx: FigureContext, color: string): string {
  return ctx.scene.pattern(14, 20, `<path d="M7 0V20" stroke="${color}" stroke-width="1.4" opacity=".5"/>`);
}

function knit(ctx: FigureContext, fill: string, neckline: 'crew' | 'v', collarShirt?: string): OutfitParts {
  const band = shade(fill, -0.15);
  const body = garment(ctx, fill, neckline === 'v' ? V(372) : undefined);
  const over = neckline === 'v' ? `<path d="M168 308L200 376L232 308" stroke="${band}" stroke-width="9" fill="none" stroke-linejoin="round"/>` : crewBand(band);
  if (collarShirt) {
    return {
      body: body + (neckline === 'v' ? `<path d="M170 310L200 372L230 310Z" fill="${collarShirt}"/>` : ''),
      neckline: 'none',
      over:
        (neckline === 'v'
          ? closedCollar(collarShirt) + tie(ctx.rng.pick(CLOTH.ties))
          : pair(`<path d="M174 298L164 328L198 322Z" fill="${collarShirt}" stroke="${shade(collarShirt, -0.2)}" stroke-width="2"/>`)) + over,
    };
  }
  return { body, neckline: neckline === 'v' ? 'v' : 'crew', over };
}

export function turtleneckParts(ctx: FigureContext, fill: string): OutfitParts {
  const edge = shade(fill, -0.18);
  return {
    body: garment(ctx, fill),
    neckline: 'none',
    over:
      `<path d="M172 262Q200 272 228 262L234 316Q200 328 166 316Z" fill="${fill}"/>` +
      `<path d="M170 280Q200 292 230 280M169 296Q200 308 231 296" stroke="${edge}" stroke-width="3" fill="none"/>`,
  };
}

const pick = <T>(ctx: FigureContext, items: readonly T[]): T => ctx.rng.pick(items);

export const BUSINESS_OUTFITS = {
  navy_suit: (ctx) => suit(ctx, { fill: pick(ctx, CLOTH.navy), pocketSquare: ctx.rng.chance(0.5) ? '#ffffff' : undefined }),
  charcoal_suit: (ctx) => suit(ctx, { fill: pick(ctx, CLOTH.charcoal) }),
  pinstripe_suit: (ctx) => {
    const fill = pick(ctx, [...CLOTH.navy, ...CLOTH.charcoal]);
    return suit(ctx, { fill, pocketSquare: '#f4f4f4', texture: pinstripe(ctx, shade(fill, 0.5)) });
  },
  flag_pin_suit: (ctx) => suit(ctx, { fill: pick(ctx, CLOTH.navy), pin: flagPin(240, 372) }),
  blazer_open_collar: (ctx) => openBlazer(ctx, { fill: pick(ctx, [...CLOTH.navy, '#3d4a5c', '#5a4a3a', '#6b7280']) }),
  blazer_blouse: (ctx) => openBlazer(ctx, { fill: pick(ctx, ['#1f2a44', '#7b2d3a', '#e8dccb', '#44546a', '#2f4f4f']) }),
  black_blazer: (ctx) => openBlazer(ctx, { fill: '#1c1c20', lapel: '#26262b' }, pick(ctx, ['#ffffff', '#f3e3e6', '#111111'])),
  navy_blazer: (ctx) => openBlazer(ctx, { fill: '#1d2847', buttonColor: '#c9a227', pocketSquare: '#f3efe4' }),
  velvet_blazer: (ctx) => {
    const fill = pick(ctx, ['#5a1230', '#123d2b', '#1a2456', '#3b1250']);
    const jacket = { fill, lapel: '#141414' };
    const sheen = ctx.scene.radial([
      [0, '#fff', 0.18],
      [1, '#fff', 0],
    ]);
    const glow = `<ellipse cx="120" cy="430" rx="50" ry="80" fill="${sheen}"/><ellipse cx="280" cy="430" rx="50" ry="80" fill="${sheen}"/>`;
    if (ctx.rng.chance(0.5) || ctx.gender === 'woman') {
      const inner = turtleneckParts(ctx, '#141414');
      const jo = { ...jacket, vBottom: 460 };
      return { body: inner.body + jacketBody(ctx, jo) + glow, neckline: 'none', over: inner.over + jacketFront(jo) };
    }
    return {
      body: garment(ctx, '#fff') + jacketBody(ctx, jacket) + glow,
      neckline: 'none',
      over: closedCollar('#fff') + bowTie('#141414') + jacketFront(jacket),
    };
  },
  tuxedo: (ctx) => {
    const jacket = { fill: '#141418', lapel: '#2b2b33', vBottom: 480, pocketSquare: '#ffffff' };
    return {
      body: `${garment(ctx, '#ffffff')}<path d="M200 350V480" stroke="#ddd" stroke-width="2"/>${jacketBody(ctx, jacket)}`,
      neckline: 'none',
      over: closedCollar('#ffffff') + bowTie('#111114') + jacketFront(jacket),
    };
  },
  wedding_suit: (ctx) => {
    const fill = pick(ctx, ['#c9c6c0', '#2b3550', '#8a8f99', '#e9e2d4']);
    const flower = `<circle cx="252" cy="392" r="9" fill="#fdf2f4"/><circle cx="252" cy="392" r="4" fill="#f7c6cf"/><path d="M248 402l-8 10M256 402l6 10" stroke="#5b8c5a" stroke-width="3"/>`;
    const parts = suit(ctx, { fill, pocketSquare: undefined, buttonColor: shade(fill, -0.3) });
    return { ...parts, over: (parts.over ?? '') + flower };
  },
  crew_sweater: (ctx) =>
    knit(ctx, pick(ctx, ['#6b7b8c', '#2f3e4e', '#8c6d5a', '#4a5a46', '#7a2e3a']), 'crew', ctx.rng.chance(0.6) ? pick(ctx, CLOTH.shirt) : undefined),
  sweater_vest: (ctx) => {
    const shirt = pick(ctx, CLOTH.shirt);
    const vest = pick(ctx, ['#7a5c3a', '#4a5a46', '#6b2f3a', '#3a4660']);
    const armhole = pair(
      `<path d="M${200 - ctx.S} 680L${200 - ctx.S} 416C${200 - ctx.S} 370 ${228 - ctx.S} 348 ${270 - ctx.S} 338Q${250 - ctx.S} 420 ${262 - ctx.S} 680Z" fill="${shirt}"/>`,
    );
    return {
      body: `${garment(ctx, vest, V(400))}<path d="M170 310L200 400L230 310Z" fill="${shirt}"/>${armhole}`,
      neckline: 'none',
      over: `${closedCollar(shirt) + tie(pick(ctx, CLOTH.ties))}<path d="M168 312L200 404L232 312" stroke="${shade(vest, -0.2)}" stroke-width="8" fill="none"/>`,
    };
  },
  turtleneck: (ctx) => turtleneckParts(ctx, pick(ctx, ['#1f1f24', '#e9e4da', '#5a4a42', '#2f3e4e', '#7a6a5a'])),
  quarter_zip: (ctx) => {
    const fill = pick(ctx, ['#1f2a44', '#3a4a3e', '#5b6470', '#7a2e3a']);
    const edge = shade(fill, -0.2);
    return {
      body: garment(ctx, fill),
      neckline: 'v',
      over:
        pair(`<path d="M170 270L200 372L200 390L162 318Z" fill="${fill}" stroke="${edge}" stroke-width="2"/>`) +
        `<path d="M200 372V470" stroke="${edge}" stroke-width="3"/><rect x="196" y="466" width="8" height="16" rx="2" fill="#c0c4cc"/>`,
    };
  },
  silk_blouse: (ctx) => {
    const fill = pick(ctx, ['#f3e6d8', '#e8d3dc', '#d8e4f0', '#1f2a44', '#7a2e3a', '#f7f3ee']);
    const sheen = ctx.scene.radial([
      [0, '#fff', 0.2],
      [1, '#fff', 0],
    ]);
    return {
      body: `${garment(ctx, fill, V(380))}<ellipse cx="128" cy="430" rx="46" ry="80" fill="${sheen}"/><ellipse cx="274" cy="430" rx="46" ry="80" fill="${sheen}"/>`,
      neckline: 'v',
      over:
        pair(`<path d="M170 306L200 382L190 386L160 316Z" fill="${shade(fill, -0.06)}"/>`) + (ctx.rng.chance(0.6) ? pendant('#d4af37', '#ffffff', 352) : ''),
    };
  },
  sheath_dress: (ctx) => {
    const fill = pick(ctx, ['#1f2a44', '#7a1f2b', '#2b2b30', '#35524a', '#5a3f6b']);
    return { body: garment(ctx, fill, SCOOP(350)), neckline: 'scoop', over: ctx.rng.chance(0.6) ? necklace('#f5f0e6', 352, 4) : '' };
  },
  cardigan: (ctx) => {
    const fill = pick(ctx, ['#8c6d5a', '#6b7b8c', '#b88a5e', '#5a6b4a', '#a0522d']);
    const inner = ctx.gender === 'man' ? pick(ctx, CLOTH.shirt) : pick(ctx, ['#f7f1ea', '#ffffff', '#e3ecf7']);
    const jo = { fill, vBottom: 470, open: true, lapel: fill };
    const body = garment(ctx, inner) + jacketBody(ctx, jo);
    const trims = pair(`<path d="M172 312L186 470L184 680" stroke="${shade(fill, -0.15)}" stroke-width="10" fill="none"/>`);
    const btn = `<circle cx="178" cy="500" r="4" fill="${shade(fill, -0.4)}"/><circle cx="178" cy="560" r="4" fill="${shade(fill, -0.4)}"/>`;
    return ctx.gender === 'man'
      ? { body: body + trims + btn, neckline: 'none', over: closedCollar(inner) + tie(pick(ctx, CLOTH.ties)) }
      : { body: body + trims + btn, neckline: 'scoop', over: '' };
  },
  tweed_jacket: (ctx) => {
    const fill = pick(ctx, ['#7a6248', '#6b5a44', '#5e5a4a', '#8a6f52']);
    const weave = ctx.scene.pattern(
      8,
      8,
      `<path d="M0 8L8 0M-2 2L2 -2M6 10L10 6" stroke="${shade(fill, -0.3)}" stroke-width="1.4" opacity=".6"/><path d="M0 0L8 8" stroke="${shade(fill, 0.25)}" stroke-width="1" opacity=".35"/>`,
    );
    if (ctx.gender === 'woman') return openBlazer(ctx, { fill, texture: weave }, pick(ctx, ['#f7f1ea', '#2b2b30', '#e9e4da']));
    return ctx.rng.chance(0.5) ? suit(ctx, { fill, texture: weave }) : openBlazer(ctx, { fill, texture: weave });
  },
} satisfies Partial<Record<AttireId, OutfitRender>>;
