import { test, describe } from 'node:test';
import { spawnSync } from 'node:child_process';
import fc from 'fast-check';
import assert from 'node:assert/strict';
import { z } from 'zod';
import { commandHelp, commandLine, parseCommand, readCommand } from '../../src/cli/args.js';
import { COMMANDS, commandByVerb, type ToolCommand } from '../../src/cli/table.js';
import type { ToolVerb } from '../../src/cli/verbs.js';
import { catalogue } from '../../src/agent/catalogue.js';

const toolByName = (name: string): ToolDef | undefined => catalogue.find((t) => t.name === name);
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
  handler: async () => ({ text: '' }),
}) as unknown as ToolDef;
// A verb of its own, outside the real table (the type lists the table's verbs).
const cmd: ToolCommand = {
  verb: 'x' as ToolVerb,
  tool: 'x_test',
  slots: [{ param: 'target' }, { param: 'text', rest: true }],
  short: { n: 'count' },
};

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
    const r = parseCommand(cmd, tool, ['k42', 'hello', 'world', '--append', '--max-label', '12', '-n', '3', '--tag', 'a', '--tag=b']);
    assert.deepEqual(r, { target: 'k42', text: 'hello world', append: true, maxLabel: 12, count: 3, tag: ['a', 'b'], format: 'tree' });
  });
  test('--no-flag and -- separator keep dashes in text', () => {
    const r = parseCommand(cmd, tool, ['--no-append', 'k1', '--', '--not-a-flag']);
    assert.deepEqual(r, { target: 'k1', text: '--not-a-flag', append: false, format: 'tree' });
  });
  test('errors are USAGE with the flag named', () => {
    assert.match(
      usageError(() => parseCommand(cmd, tool, ['k1', '--bogus'])),
      /--bogus/,
    );
    assert.match(
      usageError(() => parseCommand(cmd, tool, ['k1', '--count', 'x'])),
      /number/,
    );
    assert.match(
      usageError(() => parseCommand(cmd, tool, ['k1', '--format', 'yaml'])),
      /--format/,
    );
    assert.match(
      usageError(() => parseCommand(cmd, tool, [])),
      /<target>/,
    );
    assert.match(
      usageError(() => parseCommand(cmd, tool, ['k1', '--max-label'])),
      /needs a value/,
    );
  });
  test('help lists every field from the schema', () => {
    const h = commandHelp(cmd, tool);
    for (const f of ['<target>', '[text]', '--append', '--count N', '--format tree|json', '--max-label N']) assert.ok(h.includes(f), f);
  });
});

describe('the command table', () => {
  const shellArgs = (line: string): string[] => {
    // `glance` as a shell function printing each argument NUL-terminated: what a shell reads back from the line.
    const fn = `glance() { for a in "$@"; do printf '%s\\0' "$a"; done; }`;
    return spawnSync('sh', ['-c', `${fn}\n${line}`], { encoding: 'utf8' })
      .stdout.split('\0')
      .slice(0, -1);
  };
  const reparse = (line: string): { serial?: string; verb: string; params: Record<string, unknown> } => {
    let args = shellArgs(line);
    let serial: string | undefined;
    if (args[0] === '-s') [serial, args] = [args[1], args.slice(2)];
    const c = commandByVerb(args[0]!)!;
    return { ...(serial === undefined ? {} : { serial }), verb: c.verb, params: readCommand(c, toolByName(c.tool)!, args.slice(1)) };
  };

  test('every verb names a registry tool', () => {
    for (const c of COMMANDS) assert.ok(toolByName(c.tool), `${c.verb} → ${c.tool}`);
  });

  test('type and wait sort their words into params', () => {
    const read = (verb: string, argv: string[]): Record<string, unknown> => {
      const c = commandByVerb(verb)!;
      return readCommand(c, toolByName(c.tool)!, argv);
    };
    assert.deepEqual(read('type', ['b12', 'hello', 'world']), { target: 'b12', text: 'hello world' });
    assert.deepEqual(read('type', ['hello', 'world']), { text: 'hello world' });
    assert.deepEqual(read('type', ['b12']), { text: 'b12' });
    assert.deepEqual(read('wait', ['idle']), { idle: true });
    assert.deepEqual(read('wait', ['#login:enabled']), { selector: '#login:enabled' });
    assert.deepEqual(read('wait', ['Welcome', 'back']), { text: 'Welcome back' });
    assert.deepEqual(read('back', []), {});
    assert.equal(commandByVerb('back')?.tool, 'device_back');
    assert.equal(commandByVerb('home')?.tool, 'device_home');
    assert.deepEqual(read('launch', ['Play', 'Store']), { app: 'Play Store' });
  });

  test('the equivalent command line: as people write it, and a real sh reads it back into the same params', () => {
    assert.equal(commandLine('device_tap', { target: '#login' }), "glance tap '#login'");
    assert.equal(commandLine('device_tap', { target: 'b12' }, 'emulator-5554'), 'glance -s emulator-5554 tap b12');
    assert.equal(
      commandLine('device_type', { target: 'b12', text: 'lisbon trip', submit: true }),
      "glance type b12 'lisbon trip' --submit",
    );
    assert.equal(commandLine('device_wait_for', { idle: true }), 'glance wait idle');
    assert.equal(commandLine('device_press_key', { key: 'BACK' }), 'glance key BACK');
    assert.equal(commandLine('device_scroll', { direction: 'down', until: 'Row 9', max: 3 }), "glance scroll down --until 'Row 9' --max 3");
    // Read otherwise as positionals: written as flags.
    assert.equal(commandLine('device_type', { target: 'New note', text: 'x' }), "glance type x --target 'New note'");
    assert.equal(commandLine('device_wait_for', { text: 'idle' }), 'glance wait --text idle');
    assert.equal(commandLine('device_wait_for', { text: '#1 fan' }), "glance wait --text '#1 fan'");
    const words = ['#login', 'a b', "it's", '[text="OK"]', ':below(#x)', '540,1200', '%s', '~', 'a#b', '-x', '--', 'idle', ''];
    const strings = [
      ...words,
      ...fc.sample(
        fc.string({ maxLength: 12 }).filter((w) => !w.includes('\0')),
        40,
      ),
    ];
    const cases: Array<[string, Record<string, unknown>]> = strings.flatMap((w, i) => {
      const other = strings[(i * 7 + 3) % strings.length]!;
      return [
        ['device_tap', { target: w }],
        ['device_type', { target: other, text: w }],
        ['device_type', { text: w, append: true }],
        ['device_wait_for', { text: w }],
        ['device_wait_for', { selector: w, gone: true, timeout: 500 }],
        ['device_launch_app', { app: w }],
        ['device_swipe', { from: w, to: other }],
        ['device_scroll', { direction: 'up', until: w, max: 4 }],
      ] as Array<[string, Record<string, unknown>]>;
    });
    for (const [tool, params] of cases) {
      const line = commandLine(tool, params, 'x:5555');
      const back = reparse(line);
      assert.deepEqual([back.serial, toolByName(commandByVerb(back.verb)!.tool)?.name, back.params], ['x:5555', tool, params], line);
    }
  });
});
