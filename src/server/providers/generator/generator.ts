import type { PortraitInfo } from '../../../shared/contracts/checkout.js';

/** What a generator needs to make an order's portraits. */
export interface GenerationRequest {
  orderId: string;
  answers: PortraitInfo;
  /** The customer's selfies (normalised JPEGs). */
  selfies: Buffer[];
  /** How many portraits the package promises, and their size. */
  total: number;
  width: number;
  height: number;
}

/**
 * Makes portraits. `portrait(n)` returns portrait number n (1-based) as a JPEG; the same request and n
 * always give the same picture, so a generation interrupted by a crash can continue where it stopped.
 */
export interface Generator {
  kind: 'offline' | 'astria';
  portrait(request: GenerationRequest, n: number): Promise<Buffer>;
}
