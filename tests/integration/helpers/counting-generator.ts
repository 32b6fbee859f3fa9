import sharp from 'sharp';
import type { Generator } from '@/server/providers/generator';

/**
 * A generator that counts every portrait it makes per order and number, so a test can prove that each
 * portrait was made exactly once however many workers raced for the order. It behaves like the offline
 * generator (one missing number per step, `paceMs` apart) but paints a plain image of the right size,
 * so tests about who makes what stay quick. `gate` lets a test hold a step in flight (a worker stalls).
 */
export function countingGenerator({ paceMs = 0 } = {}) {
  const made = new Map<string, number>();
  let gate: ((orderId: string, no: number) => Promise<void>) | undefined;
  const generator: Generator = {
    kind: 'offline',
    async advance(request, have) {
      const no = Array.from({ length: request.total }, (_, i) => i + 1).find((n) => !have.has(n));
      if (no === undefined) return { portraits: [], selfiesConsumed: true };
      if (paceMs > 0 && have.size > 0) await new Promise((resolve) => setTimeout(resolve, paceMs));
      const jpeg = await sharp({ create: { width: request.width, height: request.height, channels: 3, background: `hsl(${(no * 37) % 360}, 40%, 60%)` } })
        .jpeg({ quality: 70 })
        .toBuffer();
      await gate?.(request.orderId, no);
      const key = `${request.orderId}#${no}`;
      made.set(key, (made.get(key) ?? 0) + 1);
      return { portraits: [{ no, jpeg }], selfiesConsumed: have.size + 1 >= request.total };
    },
    async replace(request) {
      const jpeg = await sharp({ create: { width: request.width, height: request.height, channels: 3, background: `hsl(${request.seed % 360}, 40%, 60%)` } })
        .jpeg({ quality: 70 })
        .toBuffer();
      return { jpeg };
    },
  };
  return {
    generator,
    /** How many times each portrait was made, keyed `orderId#no`. */
    made,
    setGate(fn: typeof gate) {
      gate = fn;
    },
  };
}
