// README examples that need no device are real output, re-run by `npm run docs` and checked by a test. A block
// opts in with the marker line just above its fence; inside it every `$ glance …` line is run in-process and
// the lines up to the next `$` line (or a blank line before it) are replaced by what the command printed.
import { readTextFile } from '../src/cli/files.js';
import { run } from '../src/cli/main.js';

export const EXAMPLES_MARK = '<!-- examples: re-run by `npm run docs` -->';

/** Splits one shell command line into words: plain words, '…' and "…" quoting (\ escapes inside "…"). */
export function shellWords(line: string): string[] {
  const words: string[] = [];
  let cur = '';
  let started = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === "'") {
      const end = line.indexOf("'", i + 1);
      if (end < 0) throw new Error(`unterminated ' in: ${line}`);
      cur += line.slice(i + 1, end);
      started = true;
      i = end;
    } else if (c === '"') {
      i++;
      while (i < line.length && line[i] !== '"') {
        if (line[i] === '\\' && i + 1 < line.length) i++;
        cur += line[i++];
      }
      if (i >= line.length) throw new Error(`unterminated " in: ${line}`);
      started = true;
    } else if (c === ' ' || c === '\t') {
      if (started) words.push(cur);
      cur = '';
      started = false;
    } else if (c === '#' && !started) {
      break;
    } else {
      cur += c;
      started = true;
    }
  }
  if (started) words.push(cur);
  return words;
}

/** What `glance ARGS` prints on stdout and stderr, run in-process from the repository root. */
async function glanceOutput(args: string[]): Promise<string> {
  let out = '';
  const io = {
    stdout: (s: string) => (out += s),
    stderr: (s: string) => (out += s),
    readStdin: () => Promise.resolve(''),
    readFile: readTextFile,
    isTTY: false,
    env: {},
    signal: new AbortController().signal,
  };
  await run(args, io);
  return out.replace(/\n+$/, '');
}

/** One example block's lines with every command's output replaced by a fresh run. */
async function rerunBlock(lines: string[]): Promise<string[]> {
  const outLines: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (!line.startsWith('$ ')) {
      throw new Error(`README example block: expected a "$ glance …" line, got: ${line}`);
    }
    const words = shellWords(line.slice(2));
    if (words[0] !== 'glance') throw new Error(`README example block runs only glance: ${line}`);
    outLines.push(line, ...(await glanceOutput(words.slice(1))).split('\n'));
    let j = i + 1;
    while (j < lines.length && !(lines[j] ?? '').startsWith('$ ')) j++;
    if (lines[j - 1] === '' && j < lines.length) outLines.push('');
    i = j - 1;
  }
  return outLines;
}

/** README text with every marked example block re-run. */
export async function withExamples(readme: string): Promise<string> {
  const lines = readme.split('\n');
  const result: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    result.push(line);
    if (line !== EXAMPLES_MARK) continue;
    const open = i + 1;
    if (!lines[open]?.startsWith('```')) throw new Error(`${EXAMPLES_MARK} must stand just above a fence`);
    const close = lines.indexOf('```', open + 1);
    if (close < 0) throw new Error('README example block has no closing fence');
    result.push(lines[open] ?? '', ...(await rerunBlock(lines.slice(open + 1, close))), '```');
    i = close;
  }
  return result.join('\n');
}
