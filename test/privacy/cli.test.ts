import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { blocksCommand } from '../../src/cli/commands/blocks.js';
import { GlanceError } from '../../src/errors.js';
import { notesScreen } from './fixture.js';
import { mainScreen, notesMap } from './map-fixture.js';

function io(files: Record<string, string>): { out: string[]; err: string[]; io: Parameters<typeof blocksCommand>[1] } {
  const out: string[] = [];
  const err: string[] = [];
  return {
    out,
    err,
    io: {
      stdout: (s) => out.push(s),
      stderr: (s) => err.push(s),
      readFile: (p) =>
        p in files
          ? Promise.resolve(files[p]!)
          : Promise.reject(new GlanceError('INPUT_UNREADABLE', `cannot read ${p}`, { hint: 'check the path' })),
    },
  };
}

interface JsonOut {
  task: string;
  elements: number;
  blocks: { rank: number; id: string; kind: string; score: number; sensitive: string[]; elements: { ref: string; labels?: string[] }[] }[];
  withheld: { blocks: number; elements: number; chars: number; categories: Record<string, number> };
}

describe('glance blocks', () => {
  test('--format json: every element once, ranks in order, sensitive categories per block', async () => {
    const t = io({ 'screen.xml': notesScreen() });
    assert.equal(await blocksCommand(['--from', 'screen.xml', '--task', 'call Alice', '--format', 'json'], t.io), 0);
    const doc = JSON.parse(t.out.join('')) as JsonOut;
    assert.equal(doc.task, 'call Alice');
    assert.deepEqual(
      doc.blocks.map((b) => b.rank),
      doc.blocks.map((_, i) => i + 1),
    );
    const refs = doc.blocks.flatMap((b) => b.elements.map((e) => e.ref));
    assert.equal(new Set(refs).size, doc.elements);
    const alice = doc.blocks.find((b) => b.elements.some((e) => e.labels?.includes('Call Alice')));
    assert.ok(alice && alice.sensitive.includes('phone') && alice.sensitive.includes('email'));
    assert.deepEqual(doc.withheld, { blocks: 0, elements: 0, chars: 0, categories: {} });
  });

  test('--top 1 --redact phones: one block and the withheld line; json withheld counts the rest', async () => {
    const t = io({ s: notesScreen() });
    assert.equal(await blocksCommand(['--from', 's', '--task', 'call Alice', '--top', '1', '--redact', 'phones'], t.io), 0);
    const lines = t.out.join('').trimEnd().split('\n');
    assert.match(lines[0]!, /^\d+ blocks, \d+ elements — task: call Alice$/);
    assert.equal(lines.filter((l) => /^\[B\d+ /.test(l)).length, 1);
    assert.match(lines.at(-1)!, /^withheld: /);
    assert.ok(!t.out.join('').includes('555 0199'));
    const j = io({ s: notesScreen() });
    await blocksCommand(['--from', 's', '--task', 'change the font size', '--top', '1', '--format', 'json'], j.io);
    const doc = JSON.parse(j.out.join('')) as JsonOut;
    assert.equal(doc.blocks.length, 1);
    assert.equal(doc.withheld.elements, doc.elements - doc.blocks[0]!.elements.length);
    assert.ok((doc.withheld.categories['phone'] ?? 0) >= 1);
  });

  test('usage errors are coded', async () => {
    const t = io({ s: notesScreen() });
    for (const argv of [
      [],
      ['--from', 's'],
      ['--from', 's', '--task', 'x', '--format', 'yaml'],
      ['--from', 's', '--task', 'x', '--bogus'],
      ['--from', 's', '--task', 'x', '--top', '0'],
      ['--from', 's', '--task', 'x', '--redact', 'names'],
    ]) {
      await assert.rejects(
        blocksCommand(argv, t.io),
        (e: unknown) => e instanceof GlanceError && e.code === 'USAGE' && (e.hint ?? '') !== '',
        argv.join(' '),
      );
    }
    await assert.rejects(blocksCommand(['--from', 'missing', '--task', 'x'], t.io), { code: 'INPUT_UNREADABLE' });
    await assert.rejects(blocksCommand(['--from', 'bad', '--task', 'x'], io({ bad: 'ERROR: could not get idle state.' }).io), {
      code: 'DUMP_DEVICE_ERROR',
    });
    const h = io({});
    assert.equal(await blocksCommand(['--help'], h.io), 0);
    assert.match(h.out.join(''), /^glance blocks \[--from FILE\] --task/);
  });

  test("--map: the app's UI Map ranks the overflow button (Delete note behind it) before the quoted row", async () => {
    const files = { 's.xml': mainScreen(), 'map.json': JSON.stringify(notesMap()) };
    const args = ['--from', 's.xml', '--task', "Delete the note 'Diary'", '--format', 'json'];
    const top = async (extra: string[]): Promise<string[]> => {
      const t = io(files);
      assert.equal(await blocksCommand([...args, ...extra], t.io), 0);
      const doc = JSON.parse(t.out.join('')) as { blocks: { elements: { desc?: string; labels?: string[] }[] }[] };
      return doc.blocks[0]!.elements.flatMap((e) => [e.desc, ...(e.labels ?? [])].filter((x): x is string => x !== undefined));
    };
    assert.ok((await top([])).includes('Diary'));
    assert.ok((await top(['--map', 'map.json'])).includes('More options'));
    assert.ok((await top(['--map', 'map.json', '--activity', 'com.example.notes/.MainActivity'])).includes('More options'));
  });

  test('--map errors: not a map, both --map and --src, --activity or --lib alone', async () => {
    const files = { 's.xml': mainScreen(), 'bad.json': '{"activities": 3}', 'text.json': 'not json' };
    const run = (extra: string[]): Promise<number> => blocksCommand(['--from', 's.xml', '--task', 't', ...extra], io(files).io);
    for (const bad of ['bad.json', 'text.json'])
      await assert.rejects(run(['--map', bad]), (e: unknown) => e instanceof GlanceError && e.code === 'INPUT_UNREADABLE');
    for (const extra of [
      ['--map', 'bad.json', '--src', 'dir'],
      ['--activity', 'x.Main'],
      ['--lib', 'dir'],
    ])
      await assert.rejects(run(extra), (e: unknown) => e instanceof GlanceError && e.code === 'USAGE');
  });
});
