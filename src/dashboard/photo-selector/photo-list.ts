/** A portrait as the order info lists it: its number, and its version, which a replacement moves on. */
export interface PortraitRef {
  no: number;
  version: number;
}

/** The portrait numbers of an order: 1..imageGenerated. */
export function photoNumbers(imageGenerated: number): number[] {
  return Array.from({ length: Math.max(0, imageGenerated) }, (_, i) => i + 1);
}

/** The favorites after toggling `no`, sorted, without duplicates. */
export function toggleFavorite(favorites: readonly number[], no: number): number[] {
  const set = new Set(favorites);
  if (set.has(no)) set.delete(no);
  else set.add(no);
  return [...set].sort((a, b) => a - b);
}

/** Moves through the viewer's photos by `delta`, wrapping around both ends. */
export function stepIndex(index: number, delta: number, length: number): number {
  if (length <= 0) return 0;
  return (((index + delta) % length) + length) % length;
}

/**
 * The portraits in the order the gallery shows them: the order info's ranking (best first), then any
 * number up to `imageGenerated` it does not list (at version 0), so a portrait is never left out.
 */
export function galleryOrder(ranked: readonly PortraitRef[], imageGenerated: number): PortraitRef[] {
  const listed = new Set(ranked.map((p) => p.no));
  const rest = photoNumbers(imageGenerated).filter((no) => !listed.has(no));
  return [...ranked, ...rest.map((no) => ({ no, version: 0 }))];
}

/** What became of a replacement this visit watched: the new portrait is in place, or none could be made. */
export type ReplacementOutcome = 'done' | 'failed';

/**
 * The watched replacements an order info settles: a watched number no longer being replaced is done,
 * or failed when the info lists it among the failed. Numbers still pending stay watched.
 */
export function settledReplacements(
  watched: Iterable<number>,
  replacements: { pending: readonly number[]; failed: readonly number[] },
): Map<number, ReplacementOutcome> {
  const settled = new Map<number, ReplacementOutcome>();
  for (const no of watched) {
    if (replacements.pending.includes(no)) continue;
    settled.set(no, replacements.failed.includes(no) ? 'failed' : 'done');
  }
  return settled;
}
