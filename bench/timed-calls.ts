/** Seconds for `calls` calls of `call` (each given its index, 0 first), `inFlight` at a time. */
export async function timed(calls: number, inFlight: number, call: (index: number) => Promise<unknown>): Promise<number> {
  const started = process.hrtime.bigint();
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(inFlight, calls) }, async () => {
      while (next < calls) await call(next++);
    }),
  );
  return Number(process.hrtime.bigint() - started) / 1e9;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
