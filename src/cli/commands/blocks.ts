// `glance blocks --from FILE --task "TEXT" [--map MAP.json | --src DIR [--lib DIR]…] [--format text|json]`: the
// screen split into layout-aware blocks, ranked for the task (with the app's UI Map when given), in the order
// privacy mode would send them (docs/privacy.md).
import { join } from 'node:path';
import { loadMap } from '../../agent/maps.js';
import { GlanceError } from '../../errors.js';
import {
  blocksFromDump,
  detectSensitive,
  renderBlock,
  withheldLine,
  type Block,
  type BlocksOptions,
  type Exposure,
  type MaskOptions,
  type SensitiveCategory,
} from '../../privacy/index.js';
import { Masker } from '../../privacy/index.js';
import type { SnapshotElement } from '../../snapshot/types.js';
import { parseCommandArgs } from '../args.js';
import { renderResult } from '../output.js';
import { stateDir } from '../store.js';

export interface BlocksIO {
  stdout(s: string): void;
  stderr(s: string): void;
  readFile(path: string): Promise<string>;
  /** A fresh dump of the chosen device, for `glance blocks` without --from. */
  liveDump?: () => Promise<string>;
  /** The global --json switch: the --format json document as the result of one `{ok, result}` object. */
  json?: boolean;
  /** The environment: maps built from --src are cached in its state directory. */
  env?: Record<string, string | undefined>;
}

const HELP = `glance blocks [--from FILE] --task "TEXT" [options]

Splits a screen dump into layout-aware blocks and ranks them for the task: the order in which privacy mode
sends them to a cloud model.

  --from FILE         uiautomator XML, uiautomator2 page source or DroidBot JSON (default: the device, live)
  --task TEXT         the task (or sub-task) the agent works on
  --format text|json  default text
  --top N             show only the first N blocks and say what the rest withholds
  --step N            0-based step number (priors for later steps)
  --after LABEL       label the agent acted on at an earlier step (repeatable; steers the ranking)
  --map MAP.json      the app's UI Map (\`glance map SRC --json MAP.json\`): blocks leading towards the task rank first
  --src DIR           build the map from the app's source instead (--lib DIR for library sources, repeatable)
  --activity NAME     the foreground activity (pkg/.Main or the class), which places the screen on the map
  --rule layout|core  block rule (default layout; core = CORE's first depth with ≥ 3 groups)
  --max-size N        largest block the layout rule keeps whole (default 2)
  --min-size N        smaller sibling groups are merged (default 1; 2 = fewer round trips, less private)
  --redact LIST       phones,emails,cards: replace them with placeholders in what is shown
`;

function usage(message: string): GlanceError {
  return new GlanceError('USAGE', message, { hint: 'see `glance blocks --help`' });
}

function positiveInt(name: string, v: string | undefined, min: number): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < min) throw usage(`--${name} takes a whole number ≥ ${min}, got "${v}"`);
  return n;
}

const OPTIONS = {
  from: { type: 'string' },
  task: { type: 'string' },
  format: { type: 'string' },
  top: { type: 'string' },
  step: { type: 'string' },
  after: { type: 'string', multiple: true },
  rule: { type: 'string' },
  'max-size': { type: 'string' },
  'min-size': { type: 'string' },
  redact: { type: 'string' },
  map: { type: 'string' },
  src: { type: 'string' },
  lib: { type: 'string', multiple: true },
  activity: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

export async function blocksCommand(argv: string[], io: BlocksIO): Promise<number> {
  const v = parseCommandArgs('blocks', { args: argv, options: OPTIONS, allowPositionals: false, strict: true }).values;
  if (v.help) {
    io.stdout(renderResult({ text: HELP }, io.json === true));
    return 0;
  }
  if (v.from === undefined && io.liveDump === undefined) throw usage('--from FILE is required');
  if (v.task === undefined || v.task.trim() === '') throw usage('--task "TEXT" is required');
  const format = v.format ?? 'text';
  if (format !== 'text' && format !== 'json') throw usage(`--format must be text or json, got "${format}"`);
  if (v.rule !== undefined && v.rule !== 'layout' && v.rule !== 'core') throw usage(`--rule must be layout or core, got "${v.rule}"`);
  const mask: MaskOptions = {};
  for (const k of (v.redact ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '')) {
    if (k === 'phones') mask.phones = true;
    else if (k === 'emails') mask.emails = true;
    else if (k === 'cards') mask.cards = true;
    else throw usage(`--redact takes phones, emails, cards; got "${k}"`);
  }
  const top = positiveInt('top', v.top, 1);
  const opts: BlocksOptions = {};
  const step = positiveInt('step', v.step, 0);
  const maxSize = positiveInt('max-size', v['max-size'], 1);
  if (step !== undefined) opts.step = step;
  if (maxSize !== undefined) opts.maxSize = maxSize;
  const minSize = positiveInt('min-size', v['min-size'], 1);
  if (minSize !== undefined) opts.minSize = minSize;
  if (v.rule === 'core' || v.rule === 'layout') opts.rule = v.rule;
  if (v.after !== undefined) opts.history = v.after.map((label) => ({ label }));
  if (v.map !== undefined && v.src !== undefined) throw usage('give --map or --src, not both');
  if (v.lib !== undefined && v.src === undefined) throw usage('--lib goes with --src');
  if (v.activity !== undefined && v.map === undefined && v.src === undefined)
    throw usage('--activity places the screen on a map: give --map or --src');
  if (v.map !== undefined || v.src !== undefined) {
    const spec = v.map !== undefined ? { map: v.map } : { src: v.src!, libs: v.lib ?? [] };
    opts.map = await loadMap(spec, io.readFile, io.env === undefined ? undefined : join(stateDir(io.env), 'maps'));
    if (v.activity !== undefined) opts.activity = v.activity;
  }

  const dump = v.from !== undefined ? await io.readFile(v.from) : await io.liveDump!();
  const result = blocksFromDump(dump, v.task, opts);
  const masker = new Masker(mask);
  const found = detectSensitive(
    result.elements,
    result.blocks.map((b) => b.elements),
  );
  const catOf = new Map(result.elements.map((e, i) => [e, found[i]!] as const));
  const shown = top === undefined ? result.blocks : result.blocks.slice(0, top);
  const hidden = result.blocks.slice(shown.length);

  if (format === 'json' || io.json === true) {
    const doc = {
      task: v.task,
      screen: result.screen,
      elements: result.elements.length,
      blocks: shown.map((b) => ({
        rank: b.rank,
        id: b.id,
        kind: b.kind,
        score: b.score,
        bounds: b.bounds,
        sensitive: [...new Set(b.elements.flatMap((e) => catOf.get(e) ?? []))].sort(),
        elements: b.elements.map((e) => masker.maskElement(e)),
      })),
      withheld: exposure(hidden, catOf),
    };
    io.stdout(io.json === true ? renderResult({ text: '', data: doc }, true) : JSON.stringify(doc, null, 2) + '\n');
    return 0;
  }
  const lines: string[] = [`${result.blocks.length} blocks, ${result.elements.length} elements — task: ${v.task}`];
  for (const b of shown)
    lines.push(
      renderBlock(
        b,
        b.elements.map((e) => masker.maskElement(e)),
        true,
      ),
    );
  if (top !== undefined) lines.push(withheldLine(exposure(hidden, catOf)));
  io.stdout(lines.join('\n') + '\n');
  return 0;
}

function exposure(blocks: readonly Block[], catOf: ReadonlyMap<SnapshotElement, SensitiveCategory[]>): Exposure {
  const x: Exposure = { blocks: blocks.length, elements: 0, chars: 0, categories: {} };
  for (const b of blocks) {
    x.elements += b.elements.length;
    for (const e of b.elements) for (const c of catOf.get(e) ?? []) x.categories[c] = (x.categories[c] ?? 0) + 1;
  }
  x.chars = blocks.reduce((n, b) => n + renderBlock(b, b.elements).length, 0);
  return x;
}
