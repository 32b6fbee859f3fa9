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
