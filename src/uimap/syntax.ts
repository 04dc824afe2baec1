/**
 * tree-sitter adapter: loads the Java and Kotlin grammars (web-tree-sitter 0.25 with the wasm builds that
 * ship inside tree-sitter-java and @tree-sitter-grammars/tree-sitter-kotlin; no native build) and copies each
 * parse tree into plain objects once, so the fact passes are ordinary synchronous code over data.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { Language, Parser } from 'web-tree-sitter';
import type { Tree } from 'web-tree-sitter';

export type Lang = 'java' | 'kotlin';

/** A syntax node copied out of the wasm heap: offsets into the parsed text, no text of its own (the facts pass slices it). */
export interface SNode {
  /** Node type; anonymous tokens are copied only when the facts pass reads them (KEPT_TOKENS). */
  type: string;
  named: boolean;
  /** Field name under the parent. */
  field: string | null;
  start: number;
  end: number;
  children: SNode[];
}

export interface ParsedSource {
  root: SNode;
  /** 1-based line of the first ERROR / MISSING node, when there is one. */
  errorLine?: number;
}

export interface CodeParser {
  parse(lang: Lang, text: string): ParsedSource;
}

const GRAMMARS: Record<Lang, { pkg: string; file: string }> = {
  java: { pkg: 'tree-sitter-java', file: 'tree-sitter-java.wasm' },
  kotlin: { pkg: '@tree-sitter-grammars/tree-sitter-kotlin', file: 'tree-sitter-kotlin.wasm' },
};

let initialised: Promise<void> | undefined;
const languages = new Map<Lang, Promise<Language>>();

function wasmPath(lang: Lang): string {
  const require = createRequire(import.meta.url);
  const { pkg, file } = GRAMMARS[lang];
  return path.join(path.dirname(require.resolve(`${pkg}/package.json`)), file);
}

async function language(lang: Lang): Promise<Language> {
  initialised ??= Parser.init();
  await initialised;
  let l = languages.get(lang);
  if (l === undefined) {
    l = Language.load(wasmPath(lang));
    languages.set(lang, l);
  }
  return l;
}

/**
 * Anonymous tokens the facts pass reads (`Type::name`, `import a.*`, `import a.B as C`, `Type::class`); the
 * other punctuation and keywords are stepped over without a copy, which halves the wasm calls per tree.
 */
const KEPT_TOKENS = new Set(['::', '*', 'as', 'class']);

function copyTree(tree: Tree, lang: Language): ParsedSource {
  const cursor = tree.walk();
  let errorLine: number | undefined;
  const checkErrors = tree.rootNode.hasError;
  // Type and field names by id, looked up once: reading names through the cursor costs a string copy
  // out of the wasm heap per node, which dominated the copy.
  const names = typeNames(lang);
  /** The node under the cursor, or undefined for a token that is not kept. */
  const make = (): SNode | undefined => {
    const id = cursor.nodeTypeId;
    const t = names.types[id] ?? cursor.nodeType;
    const named = names.named[id] ?? cursor.nodeIsNamed;
    if (checkErrors && errorLine === undefined && (t === 'ERROR' || cursor.nodeIsMissing)) errorLine = cursor.startPosition.row + 1;
    if (!named && !KEPT_TOKENS.has(t)) return undefined;
    return {
      type: t,
      named,
      field: names.fields[cursor.currentFieldId] ?? null,
      start: cursor.startIndex,
      end: cursor.endIndex,
      children: [],
    };
  };
  const done = (root: SNode): ParsedSource => (errorLine === undefined ? { root } : { root, errorLine });
  const root = make() ?? { type: 'ERROR', named: true, field: null, start: 0, end: 0, children: [] };
  // Iterative pre-order walk (deep expression chains would overflow a recursive copy). `stack` holds the
  // copy of each node on the cursor's path; a skipped token (a leaf) pushes undefined.
  const stack: (SNode | undefined)[] = [root];
  const enter = (): void => {
    const n = make();
    if (n !== undefined) stack.at(-1)?.children.push(n);
    stack.push(n);
  };
  for (;;) {
    if (cursor.gotoFirstChild()) {
      enter();
      continue;
    }
    for (;;) {
      stack.pop();
      if (cursor.gotoNextSibling()) {
        enter();
        break;
      }
      if (!cursor.gotoParent()) {
        cursor.delete();
        return done(root);
      }
    }
  }
}

interface NameTable {
  types: (string | undefined)[];
  named: (boolean | undefined)[];
  fields: (string | null)[];
}

const nameTables = new WeakMap<Language, NameTable>();

function typeNames(lang: Language): NameTable {
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
  const java = await language('java');
  const kotlin = await language('kotlin');
  const parsers: Record<Lang, Parser> = { java: new Parser(), kotlin: new Parser() };
  const langs: Record<Lang, Language> = { java, kotlin };
  parsers.java.setLanguage(java);
  parsers.kotlin.setLanguage(kotlin);
  return {
    parse(lang, text) {
      const tree = parsers[lang].parse(text);
      // parse returns null only when cancelled or given no language; neither can happen here
      if (tree === null) throw new Error(`tree-sitter returned no tree for ${lang}`);
      try {
        return copyTree(tree, langs[lang]);
      } finally {
        tree.delete();
      }
    },
  };
}
