import type { orders } from '../../db/schema.js';
import { AppError } from '../../errors.js';

type OrderRow = typeof orders.$inferSelect;

/** Portraits the customer can reach: none once the order's files were purged. */
export function availablePortraits(order: Pick<OrderRow, 'imageGenerated' | 'purgedAt'>): number {
  return order.purgedAt ? 0 : order.imageGenerated;
}

/** Refuses a portrait number outside 1..imageGenerated, naming the field. */
export function assertPortraitNumber(order: Pick<OrderRow, 'imageGenerated' | 'purgedAt'>, no: number, field: string): void {
  const available = availablePortraits(order);
  if (no < 1 || no > available) {
    throw new AppError(
      'BAD_REQUEST',
      available === 0 ? `Invalid ${field}: this order has no portraits yet` : `Invalid ${field}: ${no} is not a portrait of this order (1 to ${available})`,
    );
  }
}
