/**
 * Per-theme art direction: which category's attires and backdrops a theme uses, which props,
 * headwear and accessories, and how people are cast (skin, hair, glasses, beards).
 */
import type { ArtworkCategoryId, AttireId, BackdropId } from '../../src/shared/catalog/artwork';
import { CATEGORY_ART, CATEGORY_STYLE_THEME } from '../../src/shared/catalog/artwork';
import { BACKDROPS } from './backdrops';
import type { Gender } from './figure';
import { renderFigure } from './figure';
import { MAN_STYLES, WOMAN_STYLES, type HairStyle } from './hair';
import { HEADWEAR, type HeadwearId } from './headwear';
import { OUTFITS } from './outfits';
import { HAIR_COLORS, HAIR_WEIGHTS, SKIN_TONES } from './palette';
import type { PropId } from './props';
import { hashString, type Rng } from './random';
import type { Scene } from './svg';

type Chance<T> = readonly (readonly [T, number])[];

export interface ThemeStyle {
  category: ArtworkCategoryId;
  /** Backdrops used besides the category's own. */
  extraBackdrops?: readonly BackdropId[];
  /** Props behind the figure, in front of it, and light overlays: [prop, probability]. */
  back?: Chance<PropId>;
  front?: Chance<PropId>;
  overlay?: Chance<PropId>;
  headwear?: (rng: Rng, gender: Gender, attire: AttireId) => HeadwearId | undefined;
  glasses?: number;
  beard?: number;
  elfEars?: number;
  /** Chance of gray or silver hair. */
  silver?: number;
  /** Backdrop blur (standard deviation in px at 416 wide). */
  blur?: number;
}

const HALLOWEEN_HATS: Partial<Record<AttireId, HeadwearId>> = {
  witch_costume: 'witch_hat',
  wizard_robe: 'wizard_hat',
  cat_costume: 'cat_ears',
  pirate_costume: 'bandana',
};

export const THEME_STYLES: Record<string, ThemeStyle> = {
  generic: { category: 'generic', glasses: 0.3, extraBackdrops: ['studio_gray', 'studio_blue'] },
  doctor: { category: 'doctor', glasses: 0.3, extraBackdrops: ['studio_gray'] },
  realtor: { category: 'realtor', back: [['soldSign', 0.35]], extraBackdrops: ['house_exterior'] },
  lawyer: { category: 'lawyer', glasses: 0.35, silver: 0.2 },
  dating: { category: 'dating', back: [['warmGlow', 0.5]], extraBackdrops: ['warm_bokeh'], glasses: 0.12 },
  christmas: {
    category: 'christmas_photos',
    front: [['snow', 0.25]],
    headwear: (rng) => (rng.chance(0.3) ? 'santa_hat' : undefined),
  },
  halloween: {
    category: 'halloween_photos',
    back: [['bats', 0.6]],
    front: [['pumpkins', 0.75]],
    headwear: (rng, _g, attire) => HALLOWEEN_HATS[attire] ?? (rng.chance(0.25) ? 'devil_horns' : undefined),
  },
  oldmoney: {
    category: 'oldmoney',
    silver: 0.2,
    headwear: (rng, g) => (g === 'woman' && rng.chance(0.2) ? 'sun_hat' : undefined),
  },
  glamour: { category: 'glamour', front: [['sparkles', 0.5]], overlay: [['dramaticLight', 0.9]], glasses: 0.03, blur: 4 },
  fantasy: {
    category: 'fantasy',
    elfEars: 0.5,
    front: [['magic', 0.85]],
    headwear: (rng, g) => (rng.chance(g === 'woman' ? 0.45 : 0.25) ? 'circlet' : undefined),
    glasses: 0,
  },
  wedding: {
    category: 'wedding',
    front: [['petals', 0.5]],
    headwear: (rng, g) =>
      g === 'woman'
        ? rng.weighted<HeadwearId | undefined>([
            ['veil', 5],
            ['flower_crown', 2],
            [undefined, 3],
          ])
        : undefined,
    glasses: 0.1,
  },
  public_servant: { category: 'public_servant', glasses: 0.2 },
  professor: { category: 'professor', glasses: 0.6, silver: 0.35, beard: 0.4, front: [['chalkDust', 0.3]] },
  personal_trainer: { category: 'personal_trainer', glasses: 0, beard: 0.2 },
  adventurer: {
    category: 'adventurer',
    beard: 0.45,
    glasses: 0.1,
    headwear: (rng) => (rng.chance(0.2) ? 'sun_hat' : undefined),
  },
  easter: {
    category: 'easter',
    front: [
      ['eggs', 0.5],
      ['tulips', 0.4],
    ],
    back: [['blossoms', 0.4]],
    headwear: (rng, g) =>
      rng.weighted<HeadwearId | undefined>([
        ['bunny_ears', 3],
        ['flower_crown', g === 'woman' ? 3 : 0],
        [undefined, 5],
      ]),
  },
  travel_agent: {
    category: 'travel_agent',
    back: [['airplane', 0.5]],
    headwear: (rng, g) => (g === 'woman' && rng.chance(0.15) ? 'sun_hat' : undefined),
  },
};

/** The style theme that shares a category's look. */
export function themeForCategory(id: ArtworkCategoryId): string {
  return CATEGORY_STYLE_THEME[id];
}

export function themeBackdrops(theme: ThemeStyle): BackdropId[] {
  return [...CATEGORY_ART[theme.category].backdrops, ...(theme.extraBackdrops ?? [])];
}

const HATS: ReadonlySet<HeadwearId> = new Set(['witch_hat', 'wizard_hat', 'sun_hat', 'santa_hat', 'bandana']);
const TALL_HAIR: ReadonlySet<HairStyle> = new Set(['bun', 'afro', 'curly_short', 'curly_long', 'ponytail']);

export interface CastOptions {
  gender?: Gender;
  /** Position in a series, so skin tones and attires rotate evenly. */
  index: number;
  attire?: AttireId;
}

/** Casts and renders one person for a theme; returns figure-space SVG. */
export function castPerson(scene: Scene, rng: Rng, themeKey: string, o: CastOptions): string {
  const theme = THEME_STYLES[themeKey];
  const gender: Gender = o.gender ?? (rng.chance(0.5) ? 'man' : 'woman');
  const offset = hashString(themeKey) % 9;
  const skinIndex = (o.index * 4 + offset + rng.int(0, 1)) % SKIN_TONES.length;
  const skin = SKIN_TONES[skinIndex];

  let hairIndex: number;
  if (rng.chance(theme.silver ?? 0.1)) hairIndex = rng.pick([7, 8]);
  else {
    const weights = HAIR_WEIGHTS.filter(([i]) => i < 7).map(
      ([i, wt]) => [i, skinIndex >= 5 && (i === 0 || i === 1) ? wt * 3 : skinIndex >= 5 && i >= 3 ? wt * 0.3 : wt] as const,
    );
    hairIndex = rng.weighted(weights);
  }
  const hair = HAIR_COLORS[hairIndex];

  const list = CATEGORY_ART[theme.category].attires[gender];
  const attire = o.attire ?? list[(o.index + rng.int(0, list.length - 1)) % list.length];
  const headwearId = theme.headwear?.(rng, gender, attire);
  let hairStyle = rng.weighted(gender === 'man' ? MAN_STYLES : WOMAN_STYLES);
  if (headwearId && HATS.has(headwearId) && TALL_HAIR.has(hairStyle)) hairStyle = gender === 'man' ? 'crop' : 'long';
  if (headwearId === 'veil' && hairStyle === 'ponytail') hairStyle = 'bun';

  const glasses = rng.chance(theme.glasses ?? 0.2) ? rng.pick(['round', 'rect'] as const) : 'none';
  const beardRoll = rng.next();
  const beard = gender === 'man' && beardRoll < (theme.beard ?? 0.25) ? (beardRoll < (theme.beard ?? 0.25) / 2 ? 'short' : 'stubble') : 'none';
  const lightEyes = skinIndex < 3 && rng.chance(0.4);

  return renderFigure(scene, rng, {
    gender,
    skin,
    hair,
    hairStyle,
    outfit: OUTFITS[attire],
    glasses,
    glassesColor: rng.pick(['#1f1f24', '#5b3a22', '#b8912f', '#374151']),
    tilt: rng.range(-5, 5),
    shoulderTilt: rng.range(-2.5, 2.5),
    beard,
    smile: rng.chance(0.45) ? 'open' : 'closed',
    eyeColor: lightEyes ? rng.pick(['#3b5b7a', '#4a6b3a', '#6b4a2a']) : '#2b1d18',
    earrings: gender === 'woman' && rng.chance(0.5) ? rng.pick(['#d4af37', '#e5e7eb', '#faf7ef']) : undefined,
    elfEars: rng.chance(theme.elfEars ?? 0),
    headwear: headwearId ? HEADWEAR[headwearId] : undefined,
  });
}

/** Draws the props of one kind (back, front or overlay) that pass their dice roll. */
export function themeProps(scene: Scene, rng: Rng, chances: Chance<PropId> | undefined, props: Record<PropId, (s: Scene, r: Rng) => string>): string {
  return (chances ?? []).map(([id, p]) => (rng.chance(p) ? props[id](scene, rng) : '')).join('');
}

/** The backdrop renderer for an id. */
export const backdropOf = (id: BackdropId) => BACKDROPS[id];
