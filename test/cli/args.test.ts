import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { z } from 'zod';
import { parseToolArgs, toolHelp } from '../../src/cli/args.js';
import { defineTool, type ToolDef } from '../../src/tools/registry.js';
import { GlanceError } from '../../src/errors.js';

const tool = defineTool({
  name: 'x_test',
  title: 'Test tool',
  description: 'a tool for the argument parser',
  schema: z.object({
    target: z.string().describe('ref or selector'),
    text: z.string().optional(),
    append: z.boolean().optional(),
    count: z.number().int().optional(),
    format: z.enum(['tree', 'json']).default('tree'),
    maxLabel: z.number().optional(),
    tag: z.array(z.string()).optional(),
  }),
  annotations: { readOnlyHint: false },
  cli: { verb: 'x', positionals: ['target', 'text'], restJoined: true, short: { n: 'count' } },
  handler: async () => ({ text: '' }),
}) as unknown as ToolDef;

function usageError(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    assert.ok(e instanceof GlanceError && e.code === 'USAGE', String(e));
    return e.message;
  }
  assert.fail('expected a USAGE error');
}

describe('schema-driven argv parsing', () => {
  test('positionals, rest joined, flags, kebab-case, short alias, defaults', () => {
    const r = parseToolArgs(tool, ['k42', 'hello', 'world', '--append', '--max-label', '12', '-n', '3', '--tag', 'a', '--tag=b']);
    assert.deepEqual(r, { target: 'k42', text: 'hello world', append: true, maxLabel: 12, count: 3, tag: ['a', 'b'], format: 'tree' });
  });
  test('--no-flag and -- separator keep dashes in text', () => {
    const r = parseToolArgs(tool, ['--no-append', 'k1', '--', '--not-a-flag']);
    assert.deepEqual(r, { target: 'k1', text: '--not-a-flag', append: false, format: 'tree' });
  });
  test('errors are USAGE with the flag named', () => {
    assert.match(
      usageError(() => parseToolArgs(tool, ['k1', '--bogus'])),
      /--bogus/,
    );
    assert.match(
      usageError(() => parseToolArgs(tool, ['k1', '--count', 'x'])),
      /number/,
    );
    assert.match(
      usageError(() => parseToolArgs(tool, ['k1', '--format', 'yaml'])),
      /--format/,
    );
    assert.match(
      usageError(() => parseToolArgs(tool, [])),
      /<target>/,
    );
    assert.match(
      usageError(() => parseToolArgs(tool, ['k1', '--max-label'])),
      /needs a value/,
    );
  });
  test('help lists every field from the schema', () => {
    const h = toolHelp(tool);
    for (const f of ['<target>', '[text]', '--append', '--count N', '--format tree|json', '--max-label N']) assert.ok(h.includes(f), f);
  });
});
