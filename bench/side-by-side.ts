// Two servers measured side by side on a machine whose speed drifts (a shared or virtual
// machine: here the same server's rate moves by a third from one run to the next). Short runs
// in A-B-B-A rounds put each pair of runs close together in time; a round's ratio compares
// like with like, and the median of the rounds' ratios is not moved by one disturbed round.
// Each side runs once, unmeasured, before the rounds.

/** Rounds of A-B-B-A runs (BENCH_ROUNDS, 5 by default). */
export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

export interface SideBySide<T> {
  a: T[];
  b: T[];
  /** per round: the value of A's two runs against B's two */
  ratios(value: (runs: T[]) => number): number[];
}

export async function sideBySide<T>(
  a: () => Promise<T>,
  b: () => Promise<T>,
  rounds = ROUNDS,
): Promise<SideBySide<T>> {
  const as: T[][] = [];
  const bs: T[][] = [];
  // The first run after the process served something else pays for the switch (V8 making
  // the shared HTTP code fit another kind of socket again, caches refilling): in the first
  // round it fell on A alone, the lowest round of every comparison. One unmeasured run each.
  await a();
  await b();
  for (let i = 0; i < rounds; i++) {
    const roundA = [await a()];
    const roundB = [await b(), await b()];
    roundA.push(await a());
    as.push(roundA);
    bs.push(roundB);
  }
  return {
    a: as.flat(),
    b: bs.flat(),
    ratios: (value) => as.map((roundA, i) => value(roundA) / value(bs[i]!)),
  };
}

export function mean(values: number[]): number {
  return values.reduce((sum, v) => sum + v, 0) / values.length;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
