import type { TeamBrand } from '@/shared/contracts/team';

/** The wizard steps a team's brand decides. */
export type BrandStep = 'attire' | 'background';

export interface BrandedOptions {
  /** The answers the step shows. */
  options: readonly string[];
  /** The one answer the team fixed: the step shows it chosen, without a choice. */
  preset: string | null;
  /** The team decided this step ("Chosen by {team}"). */
  chosenByTeam: boolean;
}

/**
 * What a team member's wizard offers at a step the brand decides: the category's answers (for the
 * member's gender) that the brand allows, or the brand's one fixed answer. A brand that allows none of
 * them (attire chosen for the other gender only) leaves the step as it is: a member is never stuck.
 */
export function brandedOptions(step: BrandStep, offered: readonly string[], brand: TeamBrand | null): BrandedOptions {
  if (!brand) return { options: offered, preset: null, chosenByTeam: false };
  const allowed = offered.filter((id) => brand[step].includes(id));
  if (allowed.length === 0) return { options: offered, preset: null, chosenByTeam: false };
  if (brand.fixed && allowed.length === 1) return { options: allowed, preset: allowed[0], chosenByTeam: true };
  return { options: allowed, preset: null, chosenByTeam: true };
}

/**
 * The answers of a brand-decided step as the order sends them: the fixed answer, or the member's
 * answers the brand allows (a draft from before the brand may hold others).
 */
export function brandedAnswer(step: BrandStep, offered: readonly string[], brand: TeamBrand | null, chosen: readonly string[]): string[] {
  const { options, preset } = brandedOptions(step, offered, brand);
  if (preset) return [preset];
  return chosen.filter((id) => options.includes(id));
}

/** The query the wizard and New Order carry for a member's paid-for order: `?team=1`. */
export function isTeamQuery(path: string): boolean {
  const query = path.split('#')[0].split('?')[1] ?? '';
  return new URLSearchParams(query).get('team') === '1';
}
