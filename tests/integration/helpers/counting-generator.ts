import type { Generator } from '@/server/providers/generator';
import { createOfflineGenerator } from '@/server/providers/generator/offline';

/**
 * The offline generator, counting every portrait it makes per order and number, so a test can prove
 * that each portrait was made exactly once however many workers raced for the order. `gate` lets a
 * test hold a step in flight (a worker that stalls).
 */
export function countingGenerator({ paceMs = 0 } = {}) {
  const inner = createOfflineGenerator({ paceMs });
  const made = new Map<string, number>();
  let gate: ((orderId: string, no: number) => Promise<void>) | undefined;
  const generator: Generator = {
    kind: 'offline',
    async advance(request, have) {
      const step = await inner.advance(request, have);
      for (const p of step.portraits) {
        await gate?.(request.orderId, p.no);
        const key = `${request.orderId}#${p.no}`;
        made.set(key, (made.get(key) ?? 0) + 1);
      }
      return step;
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
