// An agent's session over `glance mcp` on the demo phone, written as a model would drive it: read a result, take
// a ref from its text, call the next tool. Each step checks the text the model would read. The test asserts the
// script passes; the bench reports calls and tokens read (o200k of every text part) per task.
import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import { textOf, type CallResult, type McpPhone } from './mcp-phone.js';

export interface TaskFigures {
  task: string;
  calls: number;
  tokens: number;
}

/** What a step's result must say: error or not, and lines (regexps) its text must hold. */
interface Expect {
  error?: boolean;
  says: RegExp[];
}

class ScriptError extends Error {}

/** The ref that begins the first line matching `line` (a snapshot row, or a diff's `+`/`~` line). */
export function refOn(text: string, line: RegExp): string {
  for (const l of text.split('\n')) {
    if (!line.test(l)) continue;
    const m = /^[\s+~-]*([a-z]\d+)\b/.exec(l);
    if (m !== null) return m[1]!;
  }
  throw new ScriptError(`no ref on a line matching ${line} in:\n${text}`);
}

export class AgentScript {
  readonly figures: TaskFigures[] = [];
  private current: TaskFigures | undefined;

  constructor(private readonly mcp: McpPhone) {}

  /** One task: its calls and tokens are counted apart. */
  async task(name: string, body: () => Promise<void>): Promise<void> {
    this.current = { task: name, calls: 0, tokens: 0 };
    this.figures.push(this.current);
    await body();
  }

  /** Calls a tool, counts what the model reads, checks the text; answers the text. */
  async step(tool: string, args: Record<string, unknown>, expect: Expect): Promise<string> {
    const r: CallResult = await this.mcp.call(tool, args);
    const text = textOf(r);
    if (this.current !== undefined) {
      this.current.calls++;
      this.current.tokens += encode(text).length;
    }
    const where = `${tool} ${JSON.stringify(args)}`;
    if ((r.isError === true) !== (expect.error === true))
      throw new ScriptError(`${where}: isError ${String(r.isError === true)}, expected ${String(expect.error === true)}:\n${text}`);
    for (const re of expect.says)
      if (!text.split('\n').some((l) => re.test(l))) throw new ScriptError(`${where}: no line matches ${re} in:\n${text}`);
    return text;
  }
}

/** The tasks: open a note, tick an item, change the theme, search, a recipe below the fold, sign in, screenshot. */
export async function runAgentScript(mcp: McpPhone): Promise<TaskFigures[]> {
  const s = new AgentScript(mcp);
  let home = '';
  let note = '';
  await s.task('open a note', async () => {
    home = await s.step('device_snapshot', {}, { says: [/^dev\.glance\.demo\/\.MainActivity$/, /Groceries/] });
    note = await s.step('device_tap', { target: refOn(home, /Groceries/) }, { says: [/^new screen:$/, /\.NoteActivity$/, /Mark as done/] });
  });
  await s.task('tick an item', async () => {
    const box = refOn(note, /Mark as done/);
    await s.step('device_tap', { target: box }, { says: [new RegExp(`^~ ${box}: .*\\+checked`)] });
    home = await s.step('device_press_key', { key: 'BACK' }, { says: [/\.MainActivity$/] });
  });
  await s.task('change the theme', async () => {
    const settings = await s.step('device_tap', { target: refOn(home, /Settings/) }, { says: [/\.SettingsActivity$/, /Dark theme/] });
    const dark = refOn(settings, /Dark theme/);
    await s.step('device_tap', { target: dark }, { says: [/\+checked/] });
    home = await s.step('device_press_key', { key: 'BACK' }, { says: [/\.MainActivity$/] });
  });
  await s.task('search', async () => {
    const search = await s.step('device_tap', { target: refOn(home, /Search/) }, { says: [/\.SearchActivity$/, /Search notes/] });
    await s.step(
      'device_type',
      { target: refOn(search, /Search notes/), text: 'gifts', submit: true },
      { says: [/2 results/, /Gift ideas/] },
    );
    home = await s.step('device_press_key', { key: 'BACK' }, { says: [/\.MainActivity$/] });
  });
  await s.task('find a recipe below the fold', async () => {
    await s.step('device_tap', { target: refOn(home, /Browse recipes/) }, { says: [/\.RecipesActivity$/, /Tomato soup/] });
    const found = await s.step(
      'device_scroll',
      { direction: 'down', until: ':has-text("Chocolate mousse")' },
      { says: [/^found [a-z]\d+ after \d+ swipe/, /Chocolate mousse/] },
    );
    const row = /^found ([a-z]\d+)/m.exec(found)![1]!;
    if (refOn(found, /Chocolate mousse/) !== row) throw new ScriptError(`found ${row}, but the mousse row is another:\n${found}`);
    home = await s.step('device_press_key', { key: 'BACK' }, { says: [/\.MainActivity$/] });
  });
  await s.task('sign in', async () => {
    const form = await s.step('device_tap', { target: refOn(home, /Sign in/) }, { says: [/\.SignInActivity$/, /Password/] });
    await s.step(
      'device_type',
      { target: refOn(form, /Email/), text: 'ana@example.com' },
      { says: [/^field now holds "ana@example\.com"$/] },
    );
    await s.step(
      'device_type',
      { target: refOn(form, /Password/), text: 'correct horse' },
      { says: [/^password field now holds 13 characters \(hidden\)$/] },
    );
    await s.step('device_tap', { target: refOn(form, /^\s*b\d+ Button Sign in$/) }, { says: [/\.AccountActivity$/, /signed in/] });
  });
  await s.task('screenshot', async () => {
    await s.step('device_screenshot', {}, { says: [/\d+x\d+/] });
  });
  return s.figures;
}
