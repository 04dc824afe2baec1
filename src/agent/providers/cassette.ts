/**
 * Recorded model exchanges. `--cassette FILE` with a model records every answer; later runs read the answers
 * back for the same prompts with no model at all, so a passed run replays offline and deterministically. When
 * both a cassette and a model are given, recorded answers are reused and only new prompts (the screen went
 * elsewhere) reach the model, and are added.
 */
import { createHash } from 'node:crypto';
import { GlanceError, isGlanceError } from '../../errors.js';
import { cassetteExchangeSchema, firstIssue } from '../trajectory-schema.js';
import type { LlmCall } from '../types.js';
import type { ModelReply, ModelRequest, Provider } from './provider.js';

export interface CassetteExchange {
  key: string;
  promptId: string;
  role: string;
  value: unknown;
  calls: LlmCall[];
}

export interface CassetteFile {
  glance: 'cassette';
  version: 1;
  model: string;
  exchanges: CassetteExchange[];
}

export interface CassetteIo {
  readFile(path: string): Promise<string>;
  writeFile(path: string, data: string): Promise<void>;
}

/** The same question gets the same key: prompt id, system text and prompt, nothing that varies between runs. */
export function exchangeKey(req: Pick<ModelRequest<unknown>, 'promptId' | 'system' | 'prompt'>): string {
  return createHash('sha256')
    .update(JSON.stringify([req.promptId, req.system, req.prompt]))
    .digest('hex')
    .slice(0, 24);
}

/** The line where exchange `i` starts in a cassette as Glance writes it (one space indent: ` {` at depth 2). */
function lineOfExchange(text: string, i: number): number | undefined {
  let seen = -1;
  const lines = text.split('\n');
  for (const [n, line] of lines.entries()) if (line === '  {' && ++seen === i) return n + 1;
  return undefined;
}

function parseCassette(text: string, path: string): CassetteFile {
  let o: Partial<CassetteFile> | undefined;
  try {
    o = JSON.parse(text) as Partial<CassetteFile>;
  } catch {
    o = undefined;
  }
  if (o?.glance !== 'cassette' || o.version !== 1 || !Array.isArray(o.exchanges) || typeof o.model !== 'string')
    throw new GlanceError('INPUT_UNREADABLE', `${path} is not a glance cassette`, {
      hint: 'pass a file a run recorded with --cassette, or a new path to record into',
    });
  for (const [i, x] of o.exchanges.entries()) {
    const checked = cassetteExchangeSchema.safeParse(x);
    if (!checked.success) {
      throw new GlanceError('INPUT_UNREADABLE', `${path}: exchange ${i + 1} is damaged (${firstIssue(checked.error)})`, {
        hint: 'record the cassette again (delete it and run with a model), or restore it',
        context: { path, exchange: i + 1, line: lineOfExchange(text, i) },
      });
    }
  }
  return o as CassetteFile;
}

export class CassetteProvider implements Provider {
  readonly name: string;
  /** Unused recorded answers per key, in recording order (the same prompt may be asked twice). */
  private readonly queue = new Map<string, CassetteExchange[]>();
  private constructor(
    private readonly path: string,
    private readonly file: CassetteFile,
    private readonly io: CassetteIo,
    private readonly model: Provider | undefined,
  ) {
    this.name = model?.name ?? file.model;
    for (const x of file.exchanges) this.queue.set(x.key, [...(this.queue.get(x.key) ?? []), x]);
  }

  /** Opens FILE (replay) or starts a new one (record; needs a model). */
  static async open(path: string, io: CassetteIo, model: Provider | undefined): Promise<CassetteProvider> {
    let text: string | undefined;
    try {
      text = await io.readFile(path);
    } catch (e) {
      if (!isGlanceError(e, 'FILE_NOT_FOUND') && (e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    }
    if (text === undefined && model === undefined)
      throw new GlanceError('MODEL_NOT_CONFIGURED', `no cassette at ${path} to replay, and no model to record one`, {
        hint: 'give a model (--model or GLANCE_MODEL) to record the cassette first',
      });
    const file =
      text === undefined
        ? { glance: 'cassette' as const, version: 1 as const, model: model!.name, exchanges: [] }
        : parseCassette(text, path);
    return new CassetteProvider(path, file, io, model);
  }

  /** Exchanges recorded so far (read back and new). */
  get exchanges(): readonly CassetteExchange[] {
    return this.file.exchanges;
  }

  async ask<T>(req: ModelRequest<T>): Promise<ModelReply<T>> {
    const key = exchangeKey(req);
    const hit = this.queue.get(key)?.shift();
    if (hit !== undefined) {
      const checked = req.schema.safeParse(hit.value);
      if (!checked.success) {
        throw new GlanceError('INPUT_UNREADABLE', `${this.path}: the recorded ${req.promptId} answer does not fit its prompt's shape`, {
          hint: 'the cassette was changed or recorded by another version: record it again',
          context: { path: this.path, key, promptId: req.promptId },
        });
      }
      const value = checked.data;
      return { value, calls: hit.calls.map((c) => ({ ...c, latencyMs: 0, replayed: true })) };
    }
    if (this.model === undefined)
      throw new GlanceError('CASSETTE_MISS', `the cassette ${this.path} has no answer for this ${req.promptId} prompt`, {
        hint: 'the screen or the task differs from the recorded run: give a model to answer (and record) the new prompts',
        context: { key, promptId: req.promptId },
      });
    const reply = await this.model.ask(req);
    this.file.exchanges.push({ key, promptId: req.promptId, role: req.role, value: reply.value, calls: reply.calls });
    await this.io.writeFile(this.path, `${JSON.stringify(this.file, null, 1)}\n`);
    return reply;
  }
}
