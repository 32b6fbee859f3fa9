import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { teams } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { findCategory } from '../../../shared/catalog/categories.js';
import type { TeamBrand } from '../../../shared/contracts/team.js';
import { adminView } from './admin-view.js';
import { requireTeamAdmin } from './team-access.js';

/** Every attire the category offers (either gender's) and its backdrops. */
export function categoryChoices(categoryId: string): { attire: Set<string>; background: Set<string> } | null {
  const category = findCategory(categoryId);
  if (!category) return null;
  return {
    attire: new Set([...category.attires.man, ...category.attires.woman].map((o) => o.id)),
    background: new Set(category.backdrops.map((o) => o.id)),
  };
}

/** Checks a brand against the catalog; the 400 names the field. */
export function checkBrand(brand: TeamBrand): void {
  const choices = categoryChoices(brand.category);
  if (!choices) throw new AppError('BAD_REQUEST', 'Invalid brand.category: is not a known portrait category');
  for (const field of ['attire', 'background'] as const) {
    const bad = brand[field].find((id) => !choices[field].has(id));
    if (bad) throw new AppError('BAD_REQUEST', `Invalid brand.${field}: "${bad}" is not offered for ${brand.category}`);
    if (new Set(brand[field]).size !== brand[field].length) throw new AppError('BAD_REQUEST', `Invalid brand.${field}: lists a choice twice`);
    if (brand.fixed && brand[field].length !== 1) throw new AppError('BAD_REQUEST', `Invalid brand.${field}: a fixed combination has exactly one choice`);
  }
}

/** The team's brand (null: members choose anything); owner or admin. */
export async function setTeamBrand(
  ctx: Pick<AppContext, 'database' | 'clock' | 'config'>,
  { userId, teamId, brand }: { userId: string; teamId: string; brand: TeamBrand | null },
) {
  const team = await requireTeamAdmin(ctx.database.db, userId, teamId);
  if (brand) checkBrand(brand);
  await ctx.database.db.update(teams).set({ brand }).where(eq(teams.id, team.id));
  return adminView(ctx, { ...team, brand });
}
