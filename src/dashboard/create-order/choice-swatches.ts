import type { SingleChoiceStep } from '@/shared/catalog/wizard';

/** Colour samples beside the skin tone and hair colour choices; purely visual, the label carries the meaning. */
export const SWATCHES: Partial<Record<SingleChoiceStep, Record<string, string>>> = {
  skinColor: {
    porcelain: '#f6e1d3',
    ivory: '#f1d5bc',
    'light beige': '#e6c29f',
    'warm beige': '#d7a57a',
    honey: '#c98f5a',
    golden: '#bf8246',
    olive: '#a47a4f',
    caramel: '#8d5a2f',
    chestnut: '#6b3f26',
    ebony: '#3a2218',
  },
  hairColor: {
    brown: '#6a4a3a',
    black: '#1b1b1b',
    blonde: '#e3c377',
    gray: '#9ca3af',
    auburn: '#8f2f1f',
    red: '#b6461c',
    white: '#f5f5f4',
    bald: 'none',
  },
};
