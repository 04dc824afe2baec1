/** Counts skipped inputs by reason; analysis passes report here instead of throwing. */
import type { MapWarning, WarningCode } from './model.js';

const MAX_EXAMPLES = 5;

export class WarningLog {
  private readonly byCode = new Map<WarningCode, { count: number; examples: string[] }>();

  add(code: WarningCode, example: string): void {
    let entry = this.byCode.get(code);
    if (entry === undefined) {
      entry = { count: 0, examples: [] };
      this.byCode.set(code, entry);
    }
    entry.count++;
    if (entry.examples.length < MAX_EXAMPLES && !entry.examples.includes(example)) entry.examples.push(example);
  }

  count(code: WarningCode): number {
    return this.byCode.get(code)?.count ?? 0;
  }

  list(): MapWarning[] {
    return [...this.byCode.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([code, e]) => ({ code, count: e.count, examples: [...e.examples] }));
  }
}
