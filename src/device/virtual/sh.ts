/**
 * A small POSIX-sh subset: what tools actually send to `adb shell` (quotes, escapes, `;` `&&` `||` `|`,
 * redirects such as `>/dev/null 2>&1`, `$VAR`, `$?`, `$(( … ))`, subshells `( … )` and groups `{ …; }`).
 *
 * Hand-written on purpose: no npm package parses POSIX sh faithfully (the popular ones are argv splitters that
 * get `2>&1`, adjacent quoting or IO numbers wrong), and the grammar we need is small enough to read in one
 * sitting. Grammar followed: POSIX XCU §2.3 (token recognition) and §2.10 (shell grammar), minus everything
 * tools don't send (functions, loops, here-docs, globbing, `$(…)`).
 */

import { evalArith } from './sh-arith.js';

/** A word before expansion: literal parts and `$NAME` references, each marked quoted or not. */
export type WordPart = { kind: 'lit'; text: string } | { kind: 'var'; name: string } | { kind: 'arith'; expr: string };
export interface Word {
  parts: WordPart[];
}

export interface Redirect {
  /** File descriptor being redirected (1 for `>`, 0 for `<`, N for `N>`). */
  fd: number;
  /** `>` truncate, `>>` append, `<` read, `>&` duplicate (`2>&1`), `<&` duplicate input. */
  op: '>' | '>>' | '<' | '>&' | '<&';
  target: Word;
}

export interface SimpleCommand {
  /** Leading `NAME=value` words (applied to the command's environment). */
  assigns: Array<{ name: string; value: Word }>;
  words: Word[];
  redirects: Redirect[];
}

/** `( list )` runs in a subshell (cd, variables and `exit` stay inside); `{ list; }` in this shell. */
export interface Compound {
  kind: 'subshell' | 'group';
  body: Script;
  redirects: Redirect[];
}

export interface Pipeline {
  negate: boolean;
  commands: Array<SimpleCommand | Compound>;
}

/** `a && b || c`: the first pipeline, then each following one with the operator that joins it. */
export interface AndOr {
  first: Pipeline;
  rest: Array<{ op: '&&' | '||'; pipeline: Pipeline }>;
}

/** A list separated by `;`, `&` or newlines (`&` runs in the foreground here: nothing is really concurrent). */
export type Script = AndOr[];

export class ShSyntaxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ShSyntaxError';
  }
}

type Tok =
  | { t: 'word'; word: Word; /** unquoted text when the word has no quotes and no variables, for IO numbers */ plain: string | undefined }
  | { t: 'op'; op: string }
  | { t: 'redir'; fd: number | undefined; op: Redirect['op'] }
  | { t: 'nl' };

const OPERATORS = ['&&', '||', ';;', ';', '&', '|', '(', ')'];

function isNameStart(c: string): boolean {
  return /[A-Za-z_]/.test(c);
}
function isNameChar(c: string): boolean {
  return /[A-Za-z0-9_]/.test(c);
}

/** Splits a command line into tokens (POSIX §2.3). */
export function tokenize(src: string): Tok[] {
  const out: Tok[] = [];
  let i = 0;
  let parts: WordPart[] | undefined;
  let plain: string | undefined = '';
  const lit = (s: string, quoted: boolean): void => {
    parts ??= [];
    if (quoted) plain = undefined;
    else if (plain !== undefined) plain += s;
    const last = parts[parts.length - 1];
    if (last?.kind === 'lit') last.text += s;
    else parts.push({ kind: 'lit', text: s });
  };
  const varRef = (name: string): void => {
    parts ??= [];
    plain = undefined;
    parts.push({ kind: 'var', name });
  };
  const endWord = (): void => {
    if (parts !== undefined) out.push({ t: 'word', word: { parts }, plain });
    parts = undefined;
    plain = '';
  };
  /** Reads `$NAME`, `${NAME}`, `$?`, `$$`, `$1`, `$((…))`; returns false when `$` is just a literal dollar. */
  const dollar = (): boolean => {
    const c = src[i + 1] ?? '';
    if (src.startsWith('((', i + 1)) {
      let depth = 0;
      let j = i + 3;
      for (; j < src.length; j++) {
        if (src[j] === '(') depth++;
        else if (src[j] === ')') {
          if (depth === 0) break;
          depth--;
        }
      }
      if (src[j + 1] !== ')') throw new ShSyntaxError("syntax error: missing '))'");
      parts ??= [];
      plain = undefined;
      parts.push({ kind: 'arith', expr: src.slice(i + 3, j) });
      i = j + 2;
      return true;
    }
    if (c === '{') {
      const end = src.indexOf('}', i + 2);
      if (end < 0) throw new ShSyntaxError("syntax error: missing '}'");
      varRef(src.slice(i + 2, end));
      i = end + 1;
      return true;
    }
    if (c === '?' || c === '$' || c === '#' || /[0-9]/.test(c)) {
      varRef(c);
      i += 2;
      return true;
    }
    if (isNameStart(c)) {
      let j = i + 1;
      while (j < src.length && isNameChar(src[j]!)) j++;
      varRef(src.slice(i + 1, j));
      i = j;
      return true;
    }
    return false;
  };

  while (i < src.length) {
    const c = src[i]!;
    if (c === '\\') {
      const n = src[i + 1];
      if (n === undefined) {
        lit('\\', true);
        i++;
      } else if (n === '\n') {
        i += 2; // line continuation
      } else {
        lit(n, true);
        i += 2;
      }
      continue;
    }
    if (c === "'") {
      const end = src.indexOf("'", i + 1);
      if (end < 0) throw new ShSyntaxError('syntax error: unterminated quoted string');
      lit(src.slice(i + 1, end), true);
      i = end + 1;
      continue;
    }
    if (c === '"') {
      i++;
      lit('', true);
      for (;;) {
        if (i >= src.length) throw new ShSyntaxError('syntax error: unterminated quoted string');
        const d = src[i]!;
        if (d === '"') {
          i++;
          break;
        }
        if (d === '\\') {
          // Inside double quotes a backslash escapes only $ ` " \ and newline (POSIX §2.2.3).
          const n = src[i + 1] ?? '';
          if ('$`"\\'.includes(n) && n !== '') {
            lit(n, true);
            i += 2;
          } else if (n === '\n') {
            i += 2;
          } else {
            lit('\\', true);
            i++;
          }
          continue;
        }
        if (d === '$' && dollar()) continue;
        lit(d, true);
        i++;
      }
      continue;
    }
    if (c === '$' && dollar()) continue;
    if (c === '#' && parts === undefined) {
      while (i < src.length && src[i] !== '\n') i++;
      continue;
    }
    if (c === '\n') {
      endWord();
      out.push({ t: 'nl' });
      i++;
      continue;
    }
    if (c === ' ' || c === '\t' || c === '\r') {
      endWord();
      i++;
      continue;
    }
    if (c === '>' || c === '<') {
      // An all-digit unquoted word directly before the operator is its IO number (`2>&1`).
      let fd: number | undefined;
      if (parts !== undefined && plain !== undefined && /^[0-9]+$/.test(plain)) {
        fd = Number(plain);
        parts = undefined;
        plain = '';
      } else endWord();
      const two = src.slice(i, i + 2);
      let op: Redirect['op'];
      if (two === '>>') op = '>>';
      else if (two === '>&') op = '>&';
      else if (two === '<&') op = '<&';
      else if (two === '>|') op = '>';
      else op = c;
      i += op.length === 2 || two === '>|' ? 2 : 1;
      out.push({ t: 'redir', fd, op });
      continue;
    }
    const op = OPERATORS.find((o) => src.startsWith(o, i));
    if (op !== undefined) {
      endWord();
      out.push({ t: 'op', op });
      i += op.length;
      continue;
    }
    lit(c, false);
    i++;
  }
  endWord();
  return out;
}

/** Parses a command line into a Script (POSIX §2.10, the list/and-or/pipeline/simple-command subset). */
export function parseScript(src: string): Script {
  const toks = tokenize(src);
  let p = 0;
  const peek = (): Tok | undefined => toks[p];
  const isOp = (t: Tok | undefined, op: string): boolean => t?.t === 'op' && t.op === op;
  const skipNewlines = (): void => {
    while (peek()?.t === 'nl') p++;
  };

  /** Redirects after a compound command (`( … ) >/dev/null`). */
  const trailingRedirects = (): Redirect[] => {
    const out: Redirect[] = [];
    for (let t = peek(); t?.t === 'redir'; t = peek()) {
      p++;
      const target = peek();
      if (target?.t !== 'word') throw new ShSyntaxError(`syntax error: '${t.op}' unexpected`);
      p++;
      out.push({ fd: t.fd ?? (t.op[0] === '<' ? 0 : 1), op: t.op, target: target.word });
    }
    return out;
  };

  const simple = (): SimpleCommand => {
    const cmd: SimpleCommand = { assigns: [], words: [], redirects: [] };
    for (;;) {
      const t = peek();
      if (t === undefined) break;
      if (t.t === 'word') {
        p++;
        const first = t.word.parts[0];
        const m = cmd.words.length === 0 && first?.kind === 'lit' ? /^([A-Za-z_][A-Za-z0-9_]*)=/.exec(first.text) : null;
        if (m !== null && first?.kind === 'lit') {
          const name = m[1]!;
          const rest: WordPart[] = [{ kind: 'lit', text: first.text.slice(name.length + 1) }, ...t.word.parts.slice(1)];
          cmd.assigns.push({ name, value: { parts: rest } });
        } else cmd.words.push(t.word);
        continue;
      }
      if (t.t === 'redir') {
        p++;
        const target = peek();
        if (target?.t !== 'word') throw new ShSyntaxError(`syntax error: '${t.op}' unexpected`);
        p++;
        cmd.redirects.push({ fd: t.fd ?? (t.op[0] === '<' ? 0 : 1), op: t.op, target: target.word });
        continue;
      }
      break;
    }
    if (cmd.words.length === 0 && cmd.redirects.length === 0 && cmd.assigns.length === 0) {
      const t = peek();
      const what = t === undefined ? 'end of file' : t.t === 'op' ? `'${t.op}'` : 'newline';
      throw new ShSyntaxError(`syntax error: ${what} unexpected`);
    }
    return cmd;
  };

  const pipeline = (): Pipeline => {
    let negate = false;
    const t = peek();
    if (t?.t === 'word' && t.plain === '!') {
      negate = true;
      p++;
    }
    const commands = [command()];
    while (isOp(peek(), '|')) {
      p++;
      skipNewlines();
      commands.push(command());
    }
    return { negate, commands };
  };

  const isWord = (t: Tok | undefined, w: string): boolean => t?.t === 'word' && t.plain === w;

  /** A simple command, or `( list )` / `{ list; }` followed by its redirects. */
  const command = (): SimpleCommand | Compound => {
    const t = peek();
    const kind = isOp(t, '(') ? 'subshell' : isWord(t, '{') ? 'group' : undefined;
    if (kind === undefined) return simple();
    p++;
    const body = list((n) => (kind === 'subshell' ? isOp(n, ')') : isWord(n, '}')));
    if (body.length === 0) throw new ShSyntaxError(`syntax error: '${kind === 'subshell' ? ')' : '}'}' unexpected`);
    if (peek() === undefined) throw new ShSyntaxError(`syntax error: missing '${kind === 'subshell' ? ')' : '}'}'`);
    p++;
    return { kind, body, redirects: trailingRedirects() };
  };

  const andOr = (): AndOr => {
    const node: AndOr = { first: pipeline(), rest: [] };
    for (;;) {
      const t = peek();
      if (t?.t === 'op' && (t.op === '&&' || t.op === '||')) {
        p++;
        skipNewlines();
        node.rest.push({ op: t.op, pipeline: pipeline() });
      } else break;
    }
    return node;
  };

  /** and-or lists separated by `;`, `&` or newlines, up to the end or a token `end` accepts (`)`, `}`). */
  function list(end: (t: Tok | undefined) => boolean): Script {
    const script: Script = [];
    skipNewlines();
    while (p < toks.length && !end(peek())) {
      const t = peek()!;
      if (t.t === 'op' && t.op !== '(') throw new ShSyntaxError(`syntax error: '${t.op}' unexpected`);
      script.push(andOr());
      const sep = peek();
      if (sep === undefined || end(sep)) break;
      if (sep.t === 'nl' || isOp(sep, ';') || isOp(sep, '&')) {
        p++;
        skipNewlines();
        continue;
      }
      throw new ShSyntaxError(`syntax error: '${sep.t === 'op' ? sep.op : 'word'}' unexpected`);
    }
    return script;
  }

  const script = list(() => false);
  if (p < toks.length) {
    const t = toks[p]!;
    throw new ShSyntaxError(`syntax error: '${t.t === 'op' ? t.op : 'word'}' unexpected`);
  }
  return script;
}

/** Expands a word against the environment (no field splitting: tools quote what they mean). */
export function expandWord(word: Word, lookup: (name: string) => string): string {
  let s = '';
  for (const part of word.parts) {
    if (part.kind === 'lit') s += part.text;
    else if (part.kind === 'var') s += lookup(part.name);
    else s += String(evalArith(expandWord({ parts: [{ kind: 'lit', text: part.expr }] }, lookup), lookup));
  }
  return s;
}

/** Quotes a string so that `sh` reads it back as one word (used by tests and by `adb exec-out` emulation). */
export { shWord as shQuote } from '../text.js';
