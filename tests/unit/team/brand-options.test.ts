import { describe, expect, it } from 'vitest';
import { brandedAnswer, brandedOptions, isTeamQuery } from '@/dashboard/team/brand-options';
import type { TeamBrand } from '@/shared/contracts/team';

const offered = ['white_coat', 'white_coat_blouse', 'scrubs'];
const brand = (over: Partial<TeamBrand> = {}): TeamBrand => ({
  category: 'doctor',
  attire: ['scrubs', 'white_coat'],
  background: ['clinic'],
  fixed: false,
  ...over,
});

describe("[team] the brand's choices in a member's wizard", () => {
  it('offers everything without a brand', () => {
    expect(brandedOptions('attire', offered, null)).toEqual({ options: offered, preset: null, chosenByTeam: false });
  });

  it("offers only what the brand allows, in the category's order", () => {
    expect(brandedOptions('attire', offered, brand())).toEqual({ options: ['white_coat', 'scrubs'], preset: null, chosenByTeam: true });
  });

  it('presets the one answer of a fixed look', () => {
    expect(brandedOptions('attire', offered, brand({ attire: ['scrubs'], fixed: true }))).toEqual({
      options: ['scrubs'],
      preset: 'scrubs',
      chosenByTeam: true,
    });
    expect(brandedOptions('background', ['hospital_corridor', 'clinic', 'studio_blue'], brand({ fixed: true }))).toMatchObject({ preset: 'clinic' });
  });

  it('leaves the step open when the brand allows nothing offered to this member (attire for the other gender)', () => {
    expect(brandedOptions('attire', ['blazer_blouse', 'turtleneck'], brand({ attire: ['navy_suit'], fixed: true }))).toEqual({
      options: ['blazer_blouse', 'turtleneck'],
      preset: null,
      chosenByTeam: false,
    });
  });

  it('sends the fixed answer, or only the allowed answers a draft kept', () => {
    expect(brandedAnswer('attire', offered, brand({ attire: ['scrubs'], fixed: true }), ['white_coat'])).toEqual(['scrubs']);
    expect(brandedAnswer('attire', offered, brand(), ['white_coat_blouse', 'scrubs'])).toEqual(['scrubs']);
    expect(brandedAnswer('attire', offered, null, ['white_coat_blouse'])).toEqual(['white_coat_blouse']);
  });

  it.each([
    ['/dashboard/createOrder/doctor?team=1', true],
    ['/dashboard/newOrder?team=1#top', true],
    ['/dashboard/newOrder?type=beta', false],
    ['/dashboard/createOrder/doctor?team=0', false],
    ['/dashboard/createOrder/doctor', false],
  ])('%s is a team order: %s', (path, expected) => {
    expect(isTeamQuery(path)).toBe(expected);
  });
});
