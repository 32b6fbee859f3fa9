// @vitest-environment node
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { GenerationRequest } from '@/server/providers/generator';
import { createOfflineGenerator, faceCentre } from '@/server/providers/generator/offline';

/** A selfie-like photo: a plain wall and a skin-toned face at (x, y), as fractions. */
async function photo(x: number, y: number, { skin = '#e0ac8a' } = {}) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="1200"><rect width="100%" height="100%" fill="#5b7083"/>
    <ellipse cx="${x * 900}" cy="${y * 1200}" rx="150" ry="190" fill="${skin}"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg().toBuffer();
}

function request(selfies: Buffer[], overrides: Partial<GenerationRequest> = {}): GenerationRequest {
  return {
    orderId: 'order-1',
    answers: { type: 'doctor', background: ['clinic', 'studio_gray'], attire: ['white_coat'] } as unknown as GenerationRequest['answers'],
    selfies: async () => selfies,
    total: 3,
    rounds: [3],
    width: 832,
    height: 1216,
    poses: null,
    combinations: null,
    providerRef: null,
    likenessRef: null,
    startedAt: new Date(),
    attempt: 1,
    ...overrides,
  };
}

// Rendering portraits is CPU work; on a busy machine a few take longer than the default 5 s.
describe('offline generator', { timeout: 30_000 }, () => {
  it('makes one missing portrait per step, at the order size, and says when the selfies are no longer needed', async () => {
    const generator = createOfflineGenerator({ paceMs: 0 });
    const selfies = [await photo(0.5, 0.35), await photo(0.4, 0.3)];
    const first = await generator.advance(request(selfies), new Set([1]));
    expect(first.portraits.map((p) => p.no)).toEqual([2]);
    expect(first.selfiesConsumed).toBe(false);
    const meta = await sharp(first.portraits[0]!.jpeg).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 832, 1216]);
    const last = await generator.advance(request(selfies), new Set([1, 2]));
    expect(last.portraits.map((p) => p.no)).toEqual([3]);
    expect(last.selfiesConsumed).toBe(true);
    expect(await generator.advance(request(selfies), new Set([1, 2, 3]))).toEqual({ portraits: [], selfiesConsumed: true });
  });

  it('is deterministic per order and portrait number, and varies between them', async () => {
    const generator = createOfflineGenerator({ paceMs: 0 });
    const selfies = [await photo(0.5, 0.35)];
    const again = async (orderId: string, have: number[]) => (await generator.advance(request(selfies, { orderId }), new Set(have))).portraits[0]!.jpeg;
    expect((await again('order-1', [])).equals(await again('order-1', []))).toBe(true);
    expect((await again('order-1', [])).equals(await again('order-1', [1]))).toBe(false);
    expect((await again('order-1', [])).equals(await again('order-2', []))).toBe(false);
  });

  it('finds the face it frames the portrait around, and admits when there is none', async () => {
    const centre = await faceCentre(await photo(0.3, 0.3));
    expect(centre!.x).toBeCloseTo(0.3, 1);
    expect(centre!.y).toBeCloseTo(0.3, 1);
    const right = await faceCentre(await photo(0.7, 0.5));
    expect(right!.x).toBeCloseTo(0.7, 1);
    expect(
      await faceCentre(
        await sharp({ create: { width: 600, height: 800, channels: 3, background: '#2d6a4f' } })
          .jpeg()
          .toBuffer(),
      ),
    ).toBeUndefined();
  });
});
