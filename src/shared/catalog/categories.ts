import { ATTIRE_ART, BACKDROP_ART, CATEGORY_ART, type ArtworkCategoryId, type AttireId, type BackdropId } from './artwork';

/**
 * Portrait categories. English names and descriptions live here because the server
 * records the category name with each order; the dashboard shows the translations under
 * `catalog.categories.{id}` in the locales. Images and attire/backdrop choices come from artwork.ts.
 */
export type CategoryId = ArtworkCategoryId;

export interface Category {
  id: CategoryId;
  name: string;
  description: string;
  imageUrl: string;
  attires: { man: CatalogOption[]; woman: CatalogOption[] };
  backdrops: CatalogOption[];
}

export interface CatalogOption {
  id: string;
  /** English name; the locales hold translations under `catalog.attires.{id}` / `catalog.backdrops.{id}`. */
  name: string;
  imageUrl: string;
}

const TEXTS: Record<CategoryId, [string, string]> = {
  generic: ['Professional Headshots', 'Polished headshots for LinkedIn, resumes and company websites.'],
  doctor: ['Doctor Photos', 'Trustworthy portraits for clinics, hospitals and medical profiles.'],
  realtor: ['Realtor Photos', 'Friendly, confident photos for listings, signs and agent pages.'],
  lawyer: ['Lawyer Photos', 'Authoritative portraits for law firm websites and bar profiles.'],
  dating: ['Dating Photos', 'Natural, warm photos that show the real you on dating apps.'],
  christmas_photos: ['Christmas Photos', 'Festive portraits for holiday cards and seasonal posts.'],
  halloween_photos: ['Halloween Photos', 'Spooky, playful portraits with costume and pumpkin vibes.'],
  glamour: ['Glamour', 'Dramatic lighting and elegant styling for a red-carpet look.'],
  wedding: ['Wedding Photos', 'Romantic portraits in wedding attire with floral settings.'],
  oldmoney: ['Old Money', 'Timeless, understated elegance in country-club settings.'],
  public_servant: ['Public Servant Photos', 'Official portraits for government, police, fire and civic roles.'],
  professor: ['Professor Photos', 'Scholarly portraits for faculty pages, books and conferences.'],
  personal_trainer: ['Personal Trainer Photos', 'Energetic fitness portraits for coaches and trainers.'],
  fantasy: ['Fantasy', 'Magical portraits as elves, knights and heroes of legend.'],
  adventurer: ['Adventurer Photos', 'Outdoor portraits with mountains, trails and wide horizons.'],
  easter: ['Easter Photos', 'Bright spring portraits with pastel colours and blossoms.'],
  travel_agent: ['Travel Agent Photos', 'Inviting portraits with globes, beaches and far-off places.'],
};

/** "navy_suit" -> "Navy suit": the English display name of an attire or backdrop id. */
export function humanize(id: string): string {
  const words = id.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const attire = (id: AttireId): CatalogOption => ({ id, name: humanize(id), imageUrl: ATTIRE_ART[id].image });
const backdrop = (id: BackdropId): CatalogOption => ({ id, name: humanize(id), imageUrl: BACKDROP_ART[id].image });

export const CATEGORIES: readonly Category[] = (Object.keys(TEXTS) as CategoryId[]).map((id) => {
  const art = CATEGORY_ART[id];
  return {
    id,
    name: TEXTS[id][0],
    description: TEXTS[id][1],
    imageUrl: art.image,
    attires: { man: art.attires.man.map(attire), woman: art.attires.woman.map(attire) },
    backdrops: art.backdrops.map(backdrop),
  };
});

export const CATEGORY_IDS = CATEGORIES.map((c) => c.id) as [CategoryId, ...CategoryId[]];

export function findCategory(id: string): Category | undefined {
  return CATEGORIES.find((c) => c.id === id);
}
