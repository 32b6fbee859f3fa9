import type { Config } from '../../config.js';
import type { Generator } from './generator.js';
import { createOfflineGenerator } from './offline.js';

export type { Generator, GenerationRequest } from './generator.js';

/** The offline generator by default; Astria when GENERATOR=astria. */
export function createGenerator(config: Config['generator']): Generator {
  if (config.kind === 'astria') {
    throw new Error('GENERATOR=astria is not available in this version yet; use GENERATOR=offline');
  }
  return createOfflineGenerator();
}
