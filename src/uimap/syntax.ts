/**
 * tree-sitter adapter: loads the Java and Kotlin grammars (web-tree-sitter 0.22.6 + tree-sitter-wasms 0.1.13;
 * newer web-tree-sitter runtimes reject these wasm builds with an ABI error) and copies each parse tree
 * into plain objects once, so the fact passes are ordinary synchronous code over data.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import Parser from 'web-tree-sitter';

export type Lang = 'java' | 'kotlin';

/** A syntax node copied out of the wasm heap: offsets into the parsed text, no text of its own (code.ts slices it). */
export interface SNode {
  type: string;
  named: boolean;
  /** Field name under the parent (Java grammar uses fields; the Kotlin grammar barely does). */
  field: string | null;
  start: number;
  end: number;
  children: SNode[];
}

export interface ParsedSource {
  root: SNode;
  /** Count of ERROR / MISSING nodes. */
  errors: number;
}

export interface CodeParser {
  parse(lang: Lang, text: string): ParsedSource;
}

let initialised: Promise<void> | undefined;
const languages = new Map<Lang, Promise<Parser.Language>>();

function wasmPath(lang: Lang): string {
  const require = createRequire(import.meta.url);
  const dir = path.join(path.dirname(require.resolve('tree-sitter-wasms/package.json')), 'out');
  return path.join(dir, `tree-sitter-${lang}.wasm`);
}

async function language(lang: Lang): Promise<Parser.Language> {
  initialised ??= Parser.init();
  await initialised;
  let l = languages.get(lang);
  if (l === undefined) {
    l = Parser.Language.load(wasmPath(lang));
    languages.set(lang, l);
  }
  return l;
}

function copyTree(tree: Parser.Tree, lang: Parser.Language): ParsedSource {
  const cursor = tree.walk();
  let errors = 0;
  // Type and field names by id, looked up once: reading names through the cursor costs a string copy
  // out of the wasm heap per node, which dominated the copy.
  const names = typeNames(lang);
  const make = (): SNode => {
    const id = cursor.nodeTypeId;
    const t = names.types[id] ?? cursor.nodeType;
    if (t === 'ERROR' || cursor.nodeIsMissing) errors++;
    return {
      type: t,
      named: names.named[id] ?? cursor.nodeIsNamed,
      field: names.fields[cursor.currentFieldId] ?? null,
      start: cursor.startIndex,
      end: cursor.endIndex,
      children: [],
    };
  };
  const root = make();
  const stack: SNode[] = [root];
  // Iterative pre-order walk: deep expression chains would overflow a recursive copy.
  for (;;) {
    if (cursor.gotoFirstChild()) {
      const n = make();
      stack[stack.length - 1]?.children.push(n);
      stack.push(n);
      continue;
    }
    for (;;) {
      stack.pop();
      if (cursor.gotoNextSibling()) {
        const n = make();
        stack[stack.length - 1]?.children.push(n);
        stack.push(n);
        break;
      }
      if (!cursor.gotoParent()) {
        cursor.delete();
        return { root, errors };
      }
    }
  }
}

interface NameTable {
  types: (string | undefined)[];
  named: (boolean | undefined)[];
  fields: (string | null)[];
}

const nameTables = new WeakMap<Parser.Language, NameTable>();

function typeNames(lang: Parser.Language): NameTable {
  let t = nameTables.get(lang);
  if (t === undefined) {
    const types: (string | undefined)[] = [];
    const named: (boolean | undefined)[] = [];
    for (let i = 0; i < lang.nodeTypeCount; i++) {
      types.push(lang.nodeTypeForId(i) ?? undefined);
      named.push(lang.nodeTypeIsNamed(i));
    }
    const fields: (string | null)[] = [];
    for (let i = 0; i <= lang.fieldCount; i++) fields.push(lang.fieldNameForId(i));
    t = { types, named, fields };
    nameTables.set(lang, t);
  }
  return t;
}

/** Loads both grammars; the returned parser is synchronous and reusable. */
export async function createCodeParser(): Promise<CodeParser> {
  // Sequential on purpose: loading two grammars concurrently fails in 0.22.6 with
  // "bad export type for 'tree_sitter_kotlin_external_scanner_create'" (checked on this machine).
  const java = await language('java');
  const kotlin = await language('kotlin');
  const parsers: Record<Lang, Parser> = { java: new Parser(), kotlin: new Parser() };
  const langs: Record<Lang, Parser.Language> = { java, kotlin };
  parsers.java.setLanguage(java);
  parsers.kotlin.setLanguage(kotlin);
  return {
    parse(lang, text) {
      const tree = parsers[lang].parse(text);
      try {
        return copyTree(tree, langs[lang]);
      } finally {
        tree.delete();
      }
    },
  };
}
