import { sharedFaceAnalyzer } from '../../src/server/providers/faces/face-analyzer.js';
import { createGenerator } from '../../src/server/providers/generator/index.js';
import { serve } from '../../src/server/serve.js';
import { gatedGenerator, gateFile } from './generation-gate.js';
import { FACE_CACHE_ENV, sharedFaceCache } from './shared-face-cache.js';

/**
 * The fault suite's server entry (bundled once per run by tests/support/server-bundle.ts): the real
 * server of src/server/serve.ts with test-harness options that no setting can reach. Plain images
 * (cheap offline portraits, renditions without mozjpeg), and the offline generator behind the gate of
 * generation-gate.ts, so a test holds an order in flight instead of pacing every image. Given
 * TEST_FACE_CACHE (the fault suite), the selfie analyses are shared with the run's other servers
 * (shared-face-cache.ts).
 */
const faceCache = process.env[FACE_CACHE_ENV];
void serve(async (config) => ({
  plainImages: true,
  generator: gatedGenerator(await createGenerator(config.generator, config.publicUrl, { plain: true }), gateFile(config.dataDir)),
  ...(faceCache ? { faces: sharedFaceCache(faceCache, sharedFaceAnalyzer(config.photoCheck.workers)) } : {}),
}));
