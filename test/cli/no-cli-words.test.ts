// CLI words live in cli/ only: no string below it (hints, messages, result text) names a `glance …` command,
// so an MCP client or a library user is never told to run a command line. Hints point at tools as data
// (`next: { tool }`), and each front-end words them. Checked on the string literals of the compiled sources.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import ts from 'typescript';
import { commands } from '../../src/cli/commands/index.js';
import { COMMANDS } from '../../src/cli/table.js';
import { repoRoot } from '../helpers/corpus.js';

const verbs = [...COMMANDS.map((c) => c.verb), ...Object.keys(commands), 'help'];
const CLI_WORDS = new RegExp(`\\bglance (-s \\S+ )?(${verbs.map((v) => v.replace(/-/g, '\\-')).join('|')})\\b`);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? sources(join(dir, d.name)) : d.name.endsWith('.ts') ? [join(dir, d.name)] : [],
  );
}

/** Every string literal and template part in a file, with its line. */
function strings(file: string): Array<{ line: number; text: string }> {
  const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const out: Array<{ line: number; text: string }> = [];
  const visit = (n: ts.Node): void => {
    if (ts.isStringLiteralLike(n) || ts.isTemplateHead(n) || ts.isTemplateMiddle(n) || ts.isTemplateTail(n)) {
      out.push({ line: sf.getLineAndCharacterOfPosition(n.getStart()).line + 1, text: n.text });
    }
    n.forEachChild(visit);
  };
  visit(sf);
  return out;
}

test('no string below cli/ names a glance command', () => {
  const src = join(repoRoot, 'src');
  const offenders = sources(src)
    .filter((f) => !relative(src, f).startsWith('cli/'))
    .flatMap((f) => strings(f).map((s) => ({ ...s, file: relative(repoRoot, f) })))
    .filter((s) => CLI_WORDS.test(s.text))
    .map((s) => `${s.file}:${s.line}: ${s.text}`);
  assert.deepEqual(offenders, []);
});

test('the check sees what it is for', () => {
  assert.ok(CLI_WORDS.test('take a new snapshot (`glance ui`)'));
  assert.ok(CLI_WORDS.test('e.g. `glance -s emulator-5554 scroll down`'));
  assert.ok(!CLI_WORDS.test('Glance then types any text'));
});
