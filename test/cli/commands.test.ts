// The commands that are not registry tools (demo, virtual, mcp, map, blocks) follow the same CLI contract as the
// tools: --help exits 0, errors are coded with a hint and the exit status of their kind, and the global --json
// prints exactly one `{ok, result}` / `{ok:false, error}` object on stdout.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { commands, type CommandIO } from '../../src/cli/commands/index.js';
import { startVirtualDevice } from '../../src/device/virtual/index.js';
import { COMMANDS as TOOL_COMMANDS } from '../../src/cli/table.js';
import { VERSION } from '../../src/tools/index.js';
import { glance } from '../helpers/cli.js';
import { repoRoot } from '../helpers/corpus.js';

const COMMANDS = ['demo', 'virtual', 'mcp', 'blocks'];
const SCREEN = join(repoRoot, 'assets/scenarios/demo/screens/about.xml');

interface Envelope {
  ok: boolean;
  result?: Record<string, unknown>;
  error?: { code: string; message: string; hint?: string };
}

/** stdout must be one JSON object on one line. */
function envelope(stdout: string): Envelope {
  const lines = stdout.split('\n').filter((l) => l !== '');
  assert.equal(lines.length, 1, `one JSON line, got: ${stdout}`);
  return JSON.parse(lines[0]!) as Envelope;
}

/** Runs a long-running command in-process until its first stdout write, then stops it. */
async function firstOutput(verb: string, argv: string[]): Promise<{ first: string; code: number }> {
  const ac = new AbortController();
  const out: string[] = [];
  let ready!: () => void;
  const wrote = new Promise<void>((r) => (ready = r));
  const io: CommandIO = {
    stdout: (s) => {
      out.push(s);
      ready();
    },
    stderr: () => undefined,
    readStdin: async () => '',
    readFile: async () => '',
    isTTY: false,
    env: process.env,
    signal: ac.signal,
    json: true,
    serial: undefined,
  };
  const done = commands[verb]!.run(argv, io);
  await Promise.race([wrote, done]);
  ac.abort();
  const code = await done;
  return { first: out[0] ?? '', code };
}

describe('CLI contract of the non-registry commands', () => {
  test('every command and tool verb has --help (exit 0, text on stdout)', async () => {
    const verbs = [...COMMANDS.map((c) => [c]), ...TOOL_COMMANDS.map((c) => c.verb.split(' '))];
    for (const argv of verbs) {
      for (const help of [
        [...argv, '--help'],
        ['--help', ...argv],
      ]) {
        const r = await glance(help);
        assert.equal(r.code, 0, help.join(' '));
        assert.ok(/\bglance\b/.test(r.stdout.split('\n')[0] ?? ''), `${help.join(' ')}: ${r.stdout.slice(0, 80)}`);
        assert.equal(r.stderr, '', help.join(' '));
      }
      const j = await glance(['--json', ...argv, '--help']);
      assert.equal(j.code, 0, argv.join(' '));
      const e = envelope(j.stdout);
      assert.equal(e.ok, true);
      assert.match(String(e.result?.['text']), /\bglance\b/, argv.join(' '));
    }
  });

  test('version, help and no command at all under --json', async () => {
    const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string };
    assert.equal(VERSION, pkg.version);
    assert.equal((await glance(['--version'])).stdout, `glance ${pkg.version}\n`);
    assert.deepEqual(envelope((await glance(['--json', '--version'])).stdout), { ok: true, result: { version: pkg.version } });
    const help = await glance(['--json', 'help']);
    assert.equal(help.code, 0);
    assert.match(String(envelope(help.stdout).result?.['text']), /^glance — /);
    const bare = await glance([]);
    assert.equal(bare.code, 1);
    assert.match(bare.stdout, /^glance — /);
    const none = await glance(['--json']);
    assert.equal(none.code, 1);
    assert.equal(envelope(none.stdout).error?.code, 'USAGE');
  });

  test('an unknown option is USAGE (exit 1) with a hint, as text or as one JSON object', async () => {
    for (const verb of COMMANDS) {
      const t = await glance([verb, '--bogus']);
      assert.equal(t.code, 1, verb);
      assert.match(t.stderr, new RegExp(`^error USAGE: .*'--bogus'.*\\nhint: see \`glance ${verb} --help\`\\n$`), verb);
      const j = await glance(['--json', verb, '--bogus']);
      assert.equal(j.code, 1, verb);
      assert.equal(j.stderr, '', verb);
      const e = envelope(j.stdout);
      assert.equal(e.ok, false);
      assert.deepEqual([e.error?.code, e.error?.hint], ['USAGE', `see \`glance ${verb} --help\``], verb);
    }
  });

  test('other errors keep their code and exit status under --json', async () => {
    const port = await glance(['--json', 'virtual', '--port', 'x']);
    assert.equal(port.code, 1);
    assert.equal(envelope(port.stdout).error?.code, 'USAGE');
    const scenario = await glance(['--json', 'virtual', '--scenario', 'nope']);
    assert.equal(scenario.code, 1);
    assert.equal(envelope(scenario.stdout).error?.code, 'SCENARIO_INVALID');
    for (const [verb, flag] of [
      ['virtual', '--port'],
      ['mcp', '--http'],
    ] as const) {
      // a blank port is not 0 (any free port), whatever Number('') says
      for (const bad of ['x', '', ' ', '1.5', '-1', '65536']) {
        const r = await glance(['--json', verb, flag, bad]);
        assert.equal(r.code, 1, `${verb} ${flag} "${bad}"`);
        assert.deepEqual([envelope(r.stdout).error?.code, envelope(r.stdout).error?.hint], ['USAGE', `see \`glance ${verb} --help\``]);
      }
    }
    const missing = await glance(['--json', 'blocks', '--from', join(repoRoot, 'no-such-screen.xml'), '--task', 'x']);
    assert.equal(missing.code, 2);
    assert.equal(envelope(missing.stdout).error?.code, 'FILE_NOT_FOUND');
  });

  test('names that are not commands are unknown commands, even Object.prototype ones', async () => {
    for (const verb of ['toString', 'constructor', '__proto__', 'nope']) {
      const r = await glance(['--json', verb]);
      assert.equal(r.code, 1, verb);
      assert.equal(envelope(r.stdout).error?.code, 'USAGE', verb);
    }
  });

  test('blocks --json: the --format json document as the result', async () => {
    const plain = await glance(['blocks', '--from', SCREEN, '--task', 'open the licences', '--format', 'json']);
    const r = await glance(['--json', 'blocks', '--from', SCREEN, '--task', 'open the licences']);
    assert.equal(r.code, 0);
    const e = envelope(r.stdout);
    assert.equal(e.ok, true);
    assert.deepEqual(e.result, JSON.parse(plain.stdout));
  });

  test('blocks without --from reads the device live', async () => {
    const phone = await startVirtualDevice({ scenario: 'demo' });
    try {
      const r = await glance(['-s', `direct:127.0.0.1:${phone.port}`, '--json', 'blocks', '--task', 'open settings']);
      assert.equal(r.code, 0, r.stdout);
      const blocks = envelope(r.stdout).result?.['blocks'] as unknown[];
      assert.ok(blocks.length > 0);
    } finally {
      await phone.close();
    }
  });

  test('virtual and mcp --http --json: the ready line is one object; they stop on abort with 0', async () => {
    const v = await firstOutput('virtual', []);
    assert.equal(v.code, 0);
    const ve = JSON.parse(v.first) as Envelope;
    assert.equal(ve.ok, true);
    assert.equal(ve.result?.['serial'], `127.0.0.1:${String(ve.result?.['port'])}`);
    assert.equal(ve.result?.['package'], 'dev.glance.demo');
    const m = await firstOutput('mcp', ['--http', '0']);
    assert.equal(m.code, 0);
    const me = JSON.parse(m.first) as Envelope;
    assert.equal(me.ok, true);
    assert.match(String(me.result?.['url']), /^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    assert.equal(typeof me.result?.['token'], 'string');
  });

  test('demo --json: one object with every step of the tour', async () => {
    const r = await glance(['--json', 'demo']);
    assert.equal(r.code, 0, r.stderr);
    const e = envelope(r.stdout);
    const steps = e.result?.['steps'] as { command: string; result: unknown }[];
    assert.deepEqual(
      steps.map((s) => s.command.split(' ')[1]),
      ['ui', 'tap', 'back', 'tap', 'type', 'ui', 'back', 'run', 'goto'],
    );
    assert.ok(steps.every((s) => typeof s.result === 'object' && s.result !== null));
    // shown as a shell would need it typed
    assert.match(steps[4]?.command ?? '', /^glance type \w+ 'lisbon trip'$/);
  });
});
