/** Healthcare, casual, country-club, spring and travel wear. */
import type { AttireId } from '../../src/shared/catalog/artwork';
import type { FigureContext, OutfitParts, OutfitRender } from './figure';
import {
  SCOOP,
  V,
  buttons,
  closedCollar,
  crewBand,
  garment,
  jacketBody,
  jacketFront,
  necklace,
  openCollar,
  pair,
  pendant,
  placket,
  skinTorso,
  tieBlade,
  tieKnot,
} from './outfit-parts';
import { CLOTH, shade } from './palette';

const pick = <T>(ctx: FigureContext, items: readonly T[]): T => ctx.rng.pick(items);

function stethoscope(): string {
  return (
    `<path d="M176 300C158 336 152 380 162 432" stroke="#2b2d33" stroke-width="6" fill="none" stroke-linecap="round"/>` +
    `<path d="M224 300C246 336 250 372 240 404" stroke="#2b2d33" stroke-width="6" fill="none" stroke-linecap="round"/>` +
    `<circle cx="240" cy="414" r="12" fill="#c8ccd4" stroke="#8a8f99" stroke-width="3"/><circle cx="240" cy="414" r="5" fill="#8a8f99"/>` +
    `<circle cx="162" cy="436" r="5" fill="#8a8f99"/>`
  );
}

function coatPocket(): string {
  return (
    `<path d="M236 470H286V520Q261 526 236 520Z" fill="#eef0f4" stroke="#d5d9e0" stroke-width="2"/>` +
    `<rect x="246" y="456" width="5" height="22" rx="2" fill="#2f5bd3"/><rect x="256" y="460" width="5" height="18" rx="2" fill="#333"/>` +
    `<rect x="128" y="448" width="40" height="14" rx="3" fill="#ffffff" stroke="#c5cad3" stroke-width="1.5"/><rect x="132" y="452" width="22" height="3" fill="#5b8def"/>`
  );
}

function whiteCoat(ctx: FigureContext, inner: 'tie' | 'blouse' | 'scrubs' | 'shirt'): OutfitParts {
  const coat = { fill: '#f8f9fb', lapel: '#f1f3f6', vBottom: 480, open: true, buttonColor: '#d0d4db' };
  const steth = ctx.rng.chance(0.75) ? stethoscope() : '';
  if (inner === 'tie') {
    const shirt = pick(ctx, ['#dfe9f6', '#ffffff', '#e8eef7']);
    const t = pick(ctx, CLOTH.ties);
    return {
      body: garment(ctx, shirt) + tieBlade(t) + jacketBody(ctx, coat) + coatPocket(),
      neckline: 'none',
      over: closedCollar(shirt) + tieKnot(t) + jacketFront(coat) + steth,
    };
  }
  if (inner === 'scrubs') {
    const top = pick(ctx, ['#3b8ea5', '#2f5d8a', '#4a6fa5', '#5b8c7a']);
    return {
      body: garment(ctx, top, V(380)) + jacketBody(ctx, coat) + coatPocket(),
      neckline: 'v',
      over: `<path d="M172 308L200 382L228 308" stroke="${shade(top, -0.15)}" stroke-width="6" fill="none"/>${jacketFront(coat)}${steth}`,
    };
  }
  const top = inner === 'blouse' ? pick(ctx, CLOTH.blouse) : pick(ctx, ['#dfe9f6', '#e9eef2', '#c9dcef']);
  return {
    body: garment(ctx, top) + jacketBody(ctx, coat) + coatPocket(),
    neckline: inner === 'blouse' ? 'scoop' : 'v',
    over: (inner === 'shirt' ? openCollar(top) : '') + jacketFront(coat) + steth,
  };
}

function cables(color: string): string {
  let s = '';
  for (const x of [130, 200, 270]) {
    for (let y = 340; y < 680; y += 28) {
      s += `<path d="M${x - 10} ${y}Q${x} ${y + 14} ${x + 10} ${y}M${x - 10} ${y + 14}Q${x} ${y + 28} ${x + 10} ${y + 14}" stroke="${color}" stroke-width="3" fill="none" opacity=".55"/>`;
    }
    s += `<path d="M${x - 18} 340V680M${x + 18} 340V680" stroke="${color}" stroke-width="2.5" opacity=".4"/>`;
  }
  return s;
}

export function floral(ctx: FigureContext, base: string): string {
  const petal = pick(ctx, ['#ffffff', '#f7c6cf', '#fbe7b0', '#c9e4f9']);
  return ctx.scene.pattern(
    40,
    40,
    `<rect width="40" height="40" fill="${base}"/><g fill="${petal}"><circle cx="10" cy="10" r="4"/><circle cx="16" cy="10" r="4"/><circle cx="13" cy="5" r="4"/><circle cx="13" cy="14" r="4"/></g><circle cx="13" cy="10" r="2.5" fill="#f2b134"/><path d="M30 28q5 -6 8 0q-4 5 -8 0z" fill="#6a9a5b"/><circle cx="32" cy="34" r="3" fill="${shade(petal, -0.1)}"/>`,
  );
}

function dress(ctx: FigureContext, fill: string, straps: boolean): string {
  const bodice = `M${206 - ctx.S} 680L${212 - ctx.S} 430Q${240 - ctx.S} 396 170 404Q200 426 230 404Q${160 + ctx.S} 396 ${188 + ctx.S} 430L${194 + ctx.S} 680Z`;
  let s = `${skinTorso(ctx)}<path d="${bodice}" fill="${fill}"/>`;
  if (straps) s += pair(`<path d="M156 330L150 336L170 408L178 404Z" fill="${fill}"/>`);
  return s;
}

export const EVERYDAY_OUTFITS = {
  white_coat: (ctx) => whiteCoat(ctx, ctx.gender === 'woman' ? pick(ctx, ['blouse', 'scrubs'] as const) : pick(ctx, ['shirt', 'scrubs'] as const)),
  white_coat_tie: (ctx) => whiteCoat(ctx, ctx.gender === 'woman' ? 'blouse' : 'tie'),
  white_coat_blouse: (ctx) => whiteCoat(ctx, ctx.gender === 'woman' ? 'blouse' : 'shirt'),
  scrubs: (ctx) => {
    const top = pick(ctx, ['#3b8ea5', '#2f5d8a', '#4a6fa5', '#5b8c7a', '#6b4a7a', '#1f3b5a']);
    return {
      body: `${garment(ctx, top, V(390))}<path d="M236 440H280V486H236Z" fill="${shade(top, -0.06)}" stroke="${shade(top, -0.2)}" stroke-width="2"/>`,
      neckline: 'v',
      over: `<path d="M170 308L200 392L230 308" stroke="${shade(top, -0.18)}" stroke-width="7" fill="none"/>${ctx.rng.chance(0.6) ? stethoscope() : ''}`,
    };
  },
  casual_tee: (ctx) => {
    const fill = pick(ctx, [...CLOTH.casual, '#f4f4f4', '#2b2b30', '#9aa5b1']);
    return { body: garment(ctx, fill), neckline: 'crew', over: crewBand(shade(fill, -0.1)) };
  },
  denim_jacket: (ctx) => {
    const denim = pick(ctx, ['#4a6fa5', '#5b7fb5', '#3d5a80']);
    const tee = pick(ctx, ['#ffffff', '#2b2b30', '#d9d4c7', '#c06c84']);
    const jo = { fill: denim, vBottom: 470, open: true };
    const stitch = `stroke="#d9a25f" stroke-width="1.5" stroke-dasharray="4 3" fill="none"`;
    return {
      body:
        garment(ctx, tee) +
        jacketBody(ctx, jo) +
        pair(
          `<path d="M${250 - ctx.S} 430H160V466H${250 - ctx.S}Z" fill="${shade(denim, -0.08)}"/><path d="M${250 - ctx.S} 432H160" ${stitch}/><circle cx="148" cy="452" r="4" fill="#b87333"/>`,
        ) +
        pair(`<path d="M174 316L184 680" ${stitch}/>`),
      neckline: 'crew',
      over:
        crewBand(shade(tee, -0.1)) +
        pair(`<path d="M170 300L144 336L170 368L184 334Z" fill="${shade(denim, 0.06)}" stroke="${shade(denim, -0.3)}" stroke-width="2"/>`),
    };
  },
  linen_shirt: (ctx) => {
    const fill = pick(ctx, ['#f4efe6', '#e3ecf4', '#dfe6d6', '#ffffff', '#efe3d3']);
    return { body: garment(ctx, fill) + placket(372, fill), neckline: 'v', over: openCollar(fill) };
  },
  sundress: (ctx) => {
    const base = pick(ctx, ['#f2b8a2', '#f6d36b', '#9fc5e8', '#f4a7b9', '#ffffff']);
    const fill = ctx.rng.chance(0.5) ? floral(ctx, base) : base;
    return { body: dress(ctx, fill, true), neckline: 'none', over: ctx.rng.chance(0.5) ? pendant('#d4af37', '#f4f4f4', 360) : '' };
  },
  polo_shirt: (ctx) => {
    const fill = pick(ctx, ['#ffffff', '#1d2847', '#2f5d4a', '#f3e9d2', '#9cc3e0', '#f4c7c3']);
    const edge = shade(fill, -0.18);
    return {
      body: `${garment(ctx, fill, V(350))}<path d="M192 330V400H208V330Z" fill="${shade(fill, -0.04)}" stroke="${edge}" stroke-width="1.5"/>${buttons(200, 360, 2, 26, edge, 3)}`,
      neckline: 'v',
      over: pair(`<path d="M172 296L154 330L184 340L198 352L178 308Z" fill="${fill}" stroke="${edge}" stroke-width="2" stroke-linejoin="round"/>`),
    };
  },
  cable_knit: (ctx) => {
    const fill = pick(ctx, ['#efe6d2', '#1d2847', '#2f4f3a', '#e8e0cc', '#8a6f52']);
    const shirt = ctx.gender === 'man' && ctx.rng.chance(0.6) ? pick(ctx, CLOTH.shirt) : '';
    return {
      body: garment(ctx, fill) + cables(shade(fill, -0.22)),
      neckline: 'crew',
      over:
        (shirt ? pair(`<path d="M174 298L164 328L198 322Z" fill="${shirt}" stroke="${shade(shirt, -0.2)}" stroke-width="2"/>`) : '') +
        crewBand(shade(fill, -0.12)) +
        (ctx.gender === 'woman' && ctx.rng.chance(0.5) ? necklace('#f5f0e6', 340, 4) : ''),
    };
  },
  twinset_pearls: (ctx) => {
    const fill = pick(ctx, ['#f3e9d2', '#c9d6e8', '#f2d4d7', '#d6e4d0', '#1d2847']);
    const jo = { fill: shade(fill, -0.05), vBottom: 470, open: true };
    return {
      body: garment(ctx, fill) + jacketBody(ctx, jo) + pair(`<path d="M172 312L186 470L184 680" stroke="${shade(fill, -0.18)}" stroke-width="9" fill="none"/>`),
      neckline: 'crew',
      over: crewBand(shade(fill, -0.08)) + necklace('#faf7ef', 352, 5, 17, 38),
    };
  },
  pastel_shirt: (ctx) => {
    const fill = pick(ctx, CLOTH.pastel);
    return { body: garment(ctx, fill) + placket(372, fill), neckline: 'v', over: openCollar(fill) };
  },
  pastel_sweater: (ctx) => {
    const fill = pick(ctx, CLOTH.pastel);
    const shirt = pick(ctx, ['#ffffff', '#f4efe6']);
    return {
      body: garment(ctx, fill),
      neckline: 'crew',
      over: pair(`<path d="M174 298L164 328L198 322Z" fill="${shirt}" stroke="${shade(shirt, -0.2)}" stroke-width="2"/>`) + crewBand(shade(fill, -0.1)),
    };
  },
  floral_dress: (ctx) => {
    const base = pick(ctx, ['#f9c9d4', '#c9e4f9', '#fbe7b0', '#e1d2f7', '#ffffff']);
    return { body: garment(ctx, floral(ctx, base), V(380)), neckline: 'v', over: '' };
  },
  pastel_cardigan: (ctx) => {
    const fill = pick(ctx, CLOTH.pastel);
    const inner = pick(ctx, ['#ffffff', '#f7f1ea']);
    const jo = { fill, vBottom: 470, open: true };
    return {
      body:
        garment(ctx, inner, SCOOP(350)) +
        jacketBody(ctx, jo) +
        pair(`<path d="M172 312L186 470L184 680" stroke="${shade(fill, -0.12)}" stroke-width="9" fill="none"/>`),
      neckline: 'scoop',
      over: ctx.rng.chance(0.5) ? necklace('#faf7ef', 350, 4) : '',
    };
  },
  silk_scarf_blouse: (ctx) => {
    const fill = pick(ctx, ['#ffffff', '#1d2847', '#f3e9d2', '#2f3e4e']);
    const scarf = pick(ctx, ['#c0392b', '#f2b134', '#2f9c95', '#3f7cac']);
    const jacket = ctx.rng.chance(0.5) ? { fill: pick(ctx, ['#1d2847', '#2f3e4e', '#7a2e3a']), vBottom: 450 } : null;
    return {
      body: garment(ctx, fill) + (jacket ? jacketBody(ctx, jacket) : ''),
      neckline: 'none',
      over:
        `<path d="M172 286Q200 300 228 286L232 316Q200 328 168 316Z" fill="${scarf}"/>` +
        `<path d="M226 306L262 338L252 352L230 330Z" fill="${scarf}"/><path d="M228 312L244 358L232 362L222 320Z" fill="${shade(scarf, -0.15)}"/>` +
        `<circle cx="226" cy="310" r="9" fill="${shade(scarf, -0.1)}"/>` +
        `<path d="M178 296Q200 306 222 296" stroke="#fff" stroke-width="2" opacity=".5" fill="none"/>` +
        (jacket ? jacketFront(jacket) : ''),
    };
  },
} satisfies Partial<Record<AttireId, OutfitRender>>;
