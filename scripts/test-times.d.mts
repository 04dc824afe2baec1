/** A node:test reporter: one JSON line with each file's time (`times`) and the run's totals. */
export default function times(source: AsyncIterable<{ type: string; data: Record<string, unknown> }>): AsyncGenerator<string>;
