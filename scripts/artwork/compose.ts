/** Composes full images: style examples, category tiles and the wizard's attire/backdrop thumbnails. */
import type { ArtworkCategoryId, AttireId, BackdropId } from '../../src/shared/catalog/artwork';
import { ARTWORK_SIZES, CATEGORY_ART } from '../../src/shared/catalog/artwork';
import { BACKDROPS } from './backdrops';
import type { Gender } from './figure';
import { renderFigure } from './figure';
import { HAIR_COLORS, type SkinTone } from './palette';
import { OUTFITS, attireGender } from './outfits';
import { PROPS } from './props';
import { Rng } from './random';
import { Scene } from './svg';
import { THEME_STYLES, castPerson, themeBackdrops, themeForCategory, themeProps } from './themes';

export const PORTRAIT = { width: 416, height: 608 } as const;

/** The scene body (no <svg> wrapper) of a backdrop, softly blurred for depth of field. */
export function backdropLayer(s: Scene, id: BackdropId, rng: Rng, blur: number): string {
  const art = BACKDROPS[id](s, rng);
  if (blur <= 0) return art;
  // rsvg clips a filter's input to the canvas, so the blurred edges fade: keep a sharp copy underneath.
  return `${art}<g filter="${s.blur(blur)}">${art}</g>`;
}

export interface PortraitPick {
  backdrop?: BackdropId;
  gender?: Gender;
}

/** One style example: a person dressed for the theme on one of its backdrops. Returns the scene body. */
export function portraitBody(s: Scene, themeKey: string, n: number, pick: PortraitPick = {}): string {
  const theme = THEME_STYLES[themeKey];
  const rng = new Rng(`${themeKey}:${n}`);
  const backdrops = themeBackdrops(theme);
  const backdrop = pick.backdrop ?? backdrops[(n + rng.int(0, backdrops.length - 1)) % backdrops.length];
  const gender: Gender = pick.gender ?? ((n + (rng.chance(0.3) ? 1 : 0)) % 2 === 0 ? 'man' : 'woman');
  const k = (s.w / 416) * rng.range(1.1, 1.18);
  const cx = s.w / 2 + rng.range(-8, 8) * (s.w / 416);
  const headY = s.h * rng.range(0.38, 0.41);
  const person = castPerson(s, rng.fork('person'), themeKey, { index: n, gender });
  const propsRng = rng.fork('props');
  return (
    backdropLayer(s, backdrop, rng.fork('backdrop'), (theme.blur ?? 2.6) * (s.w / 416)) +
    s.glow(cx, headY, s.w * 0.55, '#ffffff', 0.18) +
    themeProps(s, propsRng, theme.back, PROPS) +
    `<g transform="translate(${(cx - 200 * k).toFixed(1)} ${(headY - 200 * k).toFixed(1)}) scale(${k.toFixed(3)})">${person}</g>` +
    themeProps(s, propsRng, theme.front, PROPS) +
    themeProps(s, propsRng, theme.overlay, PROPS) +
    s.vignette(0.32)
  );
}

export function portraitSvg(themeKey: string, n: number): string {
  const s = new Scene(PORTRAIT.width, PORTRAIT.height);
  return s.document(portraitBody(s, themeKey, n));
}

/** A New Order tile: a woman and a man of the category on its first backdrop. */
export function categorySvg(id: ArtworkCategoryId): string {
  const { width, height } = ARTWORK_SIZES.category;
  const s = new Scene(width, height);
  const themeKey = themeForCategory(id);
  const theme = THEME_STYLES[themeKey];
  const rng = new Rng(`category:${id}`);
  const art = CATEGORY_ART[id];
  const k = 0.84;
  // Show two different garments when both genders' first choice is the same.
  const womanAttire = art.attires.woman[0];
  const manAttire = art.attires.man[0] === womanAttire ? art.attires.man[1] : art.attires.man[0];
  const place = (gender: Gender, cx: number, index: number): string => {
    const attire = gender === 'man' ? manAttire : womanAttire;
    const person = castPerson(s, rng.fork(gender), themeKey, { index, gender, attire });
    return `<g transform="translate(${(cx - 200 * k).toFixed(1)} ${(height * 0.42 - 200 * k).toFixed(1)}) scale(${k})">${person}</g>`;
  };
  return s.document(
    backdropLayer(s, art.backdrops[0], rng.fork('backdrop'), 2.4) +
      s.glow(width / 2, height * 0.45, width * 0.45, '#ffffff', 0.18) +
      themeProps(s, rng, theme.back, PROPS) +
      place('woman', width * 0.31, 3) +
      place('man', width * 0.69, 6) +
      themeProps(s, rng, theme.front, PROPS) +
      themeProps(s, rng, theme.overlay, PROPS) +
      s.vignette(0.28),
  );
}

/** A tailor's-dummy colour for bare-shoulder garments on attire thumbnails. */
const DUMMY: SkinTone = { name: 'dummy', base: '#e3d5c1', shadow: '#cdbba2', blush: '#e3d5c1', lip: '#e3d5c1' };

/** The garment on a dress form, on a soft light background. */
export function attireSvg(id: AttireId): string {
  const { width, height } = ARTWORK_SIZES.attire;
  const s = new Scene(width, height);
  const rng = new Rng(`attire:${id}`);
  const bg = s.radial(
    [
      [0, '#ffffff'],
      [1, '#e2e8f0'],
    ],
    0.5,
    0.35,
    0.75,
  );
  const top = 214;
  const k = height / (640 - top);
  const figure = renderFigure(s, rng, {
    gender: attireGender(id),
    skin: DUMMY,
    hair: HAIR_COLORS[0],
    hairStyle: 'crop',
    outfit: OUTFITS[id],
    mannequin: true,
  });
  return s.document(
    `<rect width="${width}" height="${height}" fill="${bg}"/>` +
      `<ellipse cx="${width / 2}" cy="${height * 0.98}" rx="${width * 0.42}" ry="${height * 0.06}" fill="#94a3b8" opacity=".25"/>` +
      `<g transform="translate(${(width / 2 - 200 * k).toFixed(1)} ${(-top * k).toFixed(1)}) scale(${k.toFixed(3)})">${figure}</g>`,
  );
}

/** The scene alone. */
export function backdropSvg(id: BackdropId): string {
  const { width, height } = ARTWORK_SIZES.backdrop;
  const s = new Scene(width, height);
  return s.document(backdropLayer(s, id, new Rng(`backdrop:${id}`), 0) + s.vignette(0.2));
}
