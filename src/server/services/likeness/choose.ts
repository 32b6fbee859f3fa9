/** One image the generator made, as the delivery choice sees it. */
export interface Candidate {
  no: number;
  look: string | null;
  score: number | null;
  passed: boolean;
}

/**
 * The images to deliver, best first: up to `wanted` of those that passed, keeping the mix of looks
 * (attire and backdrop) the first round was planned with. Each look gets its share of `wanted` (largest
 * remainder) and is filled with its best images; a look with too few passing leaves its places to the
 * best of the rest. Ties go to the lower number, so the choice is the same every time it is made.
 */
export function chooseDelivery(candidates: readonly Candidate[], wanted: number, firstRound: number): Candidate[] {
  const better = (a: Candidate, b: Candidate) => (b.score ?? -1) - (a.score ?? -1) || a.no - b.no;
  const passing = candidates.filter((c) => c.passed).sort(better);
  if (passing.length <= wanted) return passing;

  const planned = new Map<string, number>();
  for (const c of candidates) if (c.no <= firstRound) planned.set(c.look ?? '', (planned.get(c.look ?? '') ?? 0) + 1);
  const plannedTotal = [...planned.values()].reduce((a, b) => a + b, 0) || 1;
  const shares = [...planned].map(([look, n]) => ({ look, exact: (n * wanted) / plannedTotal }));
  const quota = new Map(shares.map((s) => [s.look, Math.floor(s.exact)]));
  let left = wanted - [...quota.values()].reduce((a, b) => a + b, 0);
  for (const s of [...shares].sort((a, b) => b.exact - Math.floor(b.exact) - (a.exact - Math.floor(a.exact)))) {
    if (left-- <= 0) break;
    quota.set(s.look, (quota.get(s.look) ?? 0) + 1);
  }

  const chosen = new Set<Candidate>();
  for (const c of passing) {
    const look = c.look ?? '';
    const room = quota.get(look) ?? 0;
    if (room > 0) {
      chosen.add(c);
      quota.set(look, room - 1);
    }
  }
  for (const c of passing) if (chosen.size < wanted) chosen.add(c);
  return [...chosen].sort(better);
}

/**
 * How many more images to ask for when `passed` of `made` passed and `wanted` are needed: enough at the
 * pass rate seen so far (at least a quarter, so a bad start does not ask for the moon), within what is
 * left of the bound. Null when no more may be made: the rounds or the images are used up.
 */
export function nextRound(
  { wanted, made, passed, rounds }: { wanted: number; made: number; passed: number; rounds: number },
  bound: { extraRounds: number; maxImages: number },
): number | null {
  const missing = wanted - passed;
  if (missing <= 0 || rounds > bound.extraRounds || made >= bound.maxImages) return null;
  const rate = Math.max(0.25, made > 0 ? passed / made : 0);
  return Math.min(bound.maxImages - made, Math.ceil(missing / rate));
}
