/**
 * tree-sitter adapter: loads the Java and Kotlin grammars (web-tree-sitter 0.22.6 + tree-sitter-wasms 0.1.13;
 * newer web-tree-sitter runtimes reject these wasm builds, see ../shared/NOTES.md) and copies each parse tree
 * into plain objects once, so the fact passes are ordinary synchronous code over data.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import Parser from 'web-tree-sitter';

export type Lang = 'java' | 'kotlin';

/** A syntax node copied out of the wasm heap. `text` is only kept for leaves; use `textOf`. */
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

function copyTree(tree: Parser.Tree): ParsedSource {
  const cursor = tree.walk();
  let errors = 0;
  const make = (): SNode => {
    const type = cursor.nodeType;
    if (type === 'ERROR' || cursor.currentNode.isMissing) errors++;
    return {
      type,
      named: cursor.nodeIsNamed,
      field: cursor.currentFieldName ?? null,
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

/** Loads both grammars; the returned parser is synchronous and reusable. */
export async function createCodeParser(): Promise<CodeParser> {
  // Sequential on purpose: loading two grammars concurrently fails in 0.22.6 with
  // "bad export type for 'tree_sitter_kotlin_external_scanner_create'" (checked on this machine).
  const java = await language('java');
  const kotlin = await language('kotlin');
  const parsers: Record<Lang, Parser> = { java: new Parser(), kotlin: new Parser() };
  parsers.java.setLanguage(java);
  parsers.kotlin.setLanguage(kotlin);
  return {
    parse(lang, text) {
      const tree = parsers[lang].parse(text);
      try {
        return copyTree(tree);
      } finally {
        tree.delete();
      }
    },
  };
}
