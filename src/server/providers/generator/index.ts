import type { Config } from '../../config.js';
import type { Generator } from './generator.js';
import { createOfflineGenerator } from './offline.js';

export type { Generator, GenerationRequest, GenerationStep } from './generator.js';

/** The offline generator by default (`plain` images in test harnesses only); Astria when GENERATOR=astria. */
export async function createGenerator(config: Config['generator'], publicUrl: string, { plain = false } = {}): Promise<Generator> {
  if (config.kind === 'astria') {
    if (!config.astria) throw new Error('GENERATOR is "astria" but ASTRIA_API_KEY is not set');
    return (await import('./astria.js')).createAstriaGenerator(config.astria, publicUrl, { plainImages: plain });
  }
  return createOfflineGenerator({ paceMs: config.paceMs, plain });
}
