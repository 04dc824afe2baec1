// Timing helpers shared by the device-side benches (adb, device).

/** The middle sample (the upper one of an even count). */
export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? NaN;
}

/** Median milliseconds of `n` timed runs of `f`, after `warm` untimed ones (JIT, caches, connections). */
export async function medianMs(n: number, f: () => Promise<unknown>, warm = 2): Promise<number> {
  for (let i = 0; i < warm; i++) await f();
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await f();
    out.push(performance.now() - t);
  }
  return median(out);
}
