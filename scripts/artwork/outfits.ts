/** Every attire id mapped to its renderer (the Record type makes the list complete). */
import type { AttireId } from '../../src/shared/catalog/artwork';
import { CATEGORY_ART } from '../../src/shared/catalog/artwork';
import type { Gender, OutfitRender } from './figure';
import { ACTIVE_OUTFITS } from './outfits-active';
import { BUSINESS_OUTFITS } from './outfits-business';
import { EVERYDAY_OUTFITS } from './outfits-everyday';
import { FESTIVE_OUTFITS } from './outfits-festive';

export const OUTFITS: Record<AttireId, OutfitRender> = {
  ...BUSINESS_OUTFITS,
  ...EVERYDAY_OUTFITS,
  ...FESTIVE_OUTFITS,
  ...ACTIVE_OUTFITS,
};

/** The gender whose body an attire thumbnail is drawn on: the one that offers it (men first). */
export function attireGender(id: AttireId): Gender {
  const categories = Object.values(CATEGORY_ART);
  if (categories.some((c) => c.attires.man.includes(id))) return 'man';
  if (categories.some((c) => c.attires.woman.includes(id))) return 'woman';
  return 'man';
}
