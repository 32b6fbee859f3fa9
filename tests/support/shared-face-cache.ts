import { createHash } from 'node:crypto';
import { appendFileSync, readFileSync } from 'node:fs';
import type { FaceAnalyzer } from '../../src/server/providers/faces/face-analyzer.js';
import type { PhotoAnalysis } from '../../src/shared/photo-check.js';

/** The file the fault suite's servers share their selfie analyses in (set by tests/faults/template.ts). */
export const FACE_CACHE_ENV = 'TEST_FACE_CACHE';

/**
 * The product's analysis cache (a photo's measurements remembered by its SHA-256) shared by every
 * server process of a test run, in a file of JSON lines: the fault suite starts some forty servers,
 * each of which would load the face models and analyse the same test selfies again (about half a
 * CPU-second a photo). The first server to meet a photo analyses it with the real models and appends the
 * result; servers started later answer it from the file. A portrait's likeness check (`background`) is
 * never cached, as in the product.
 */
export function sharedFaceCache(file: string, real: FaceAnalyzer): FaceAnalyzer {
  const known = new Map<string, PhotoAnalysis>();
  let text = '';
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    // No server has written one yet.
  }
  for (const line of text.split('\n')) {
    try {
      const { key, analysis } = JSON.parse(line) as { key: string; analysis: PhotoAnalysis };
      known.set(key, analysis);
    } catch {
      // An empty line, or one another server is still writing: that photo is analysed again.
    }
  }
  return {
    async analyze(bytes, options) {
      if (options?.background) return real.analyze(bytes, options);
      const key = createHash('sha256').update(bytes).digest('hex');
      const hit = known.get(key);
      if (hit) return structuredClone(hit);
      const analysis = await real.analyze(bytes, options);
      known.set(key, analysis);
      // The whole line in one write to a file opened for appending: servers' lines never interleave.
      appendFileSync(file, `${JSON.stringify({ key, analysis })}\n`);
      return analysis;
    },
    warm: () => real.warm(),
    close: () => real.close(),
  };
}
