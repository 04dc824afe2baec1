// Authored apps and snippets for the UI Map tests, each written in a few lines: a one-module project from its
// manifest's <application> body, resources and code (path → text), and a code snippet through the code parser.
import { createCodeParser } from '../../src/uimap/syntax.js';
import { extractFacts } from '../../src/uimap/code/index.js';
import type { FileFacts, Use } from '../../src/uimap/code/index.js';
import { mapProject } from '../../src/uimap/index.js';
import type { MapTransition, ProjectSource, UiMap } from '../../src/uimap/index.js';

// Top-level, not a before() hook: the file then shares one process with others in a mutation run.
const parser = await createCodeParser();

export type Lang = 'java' | 'kotlin';

export function factsOf(lang: Lang, text: string): FileFacts {
  return extractFacts(lang, lang === 'java' ? 'F.java' : 'F.kt', text, parser.parse(lang, text).root);
}

/** One function's uses without their scope offsets and lines (positions in the snippet, not worth pinning). */
export function usesOf(lang: Lang, text: string, fn: string): Use[] {
  const f = factsOf(lang, text).functions.find((x) => x.name === fn);
  return (f?.uses ?? []).map(({ scope: _scope, line: _line, ...rest }) => rest as Use);
}

export interface AuthoredApp {
  /** The namespace Gradle gives; '' for a build file that names none. */
  pkg: string;
  /** The manifest's <application> body: activities, aliases, services. */
  application: string;
  /** More manifests of the same module (a debug or flavour source set), each an <application> body. */
  more?: string[];
  res?: Record<string, string>;
  code: Record<string, string>;
}

const manifest = (body: string): string =>
  `<manifest xmlns:android="http://schemas.android.com/apk/res/android"><application>${body}</application></manifest>`;

export function authoredSource(app: AuthoredApp): ProjectSource {
  return {
    modules: [
      {
        name: ':app',
        role: 'app',
        gradle: app.pkg === '' ? 'android { }' : `android { namespace '${app.pkg}' }`,
        manifests: [app.application, ...(app.more ?? [])].map((body, i) => ({
          path: i === 0 ? 'src/main/AndroidManifest.xml' : `src/extra${i}/AndroidManifest.xml`,
          text: manifest(body),
        })),
        resources: Object.entries(app.res ?? {}).map(([path, text]) => ({ path, text })),
        code: Object.entries(app.code).map(([path, text]) => ({ path, text })),
      },
    ],
  };
}

export const mapAuthored = (app: AuthoredApp): Promise<UiMap> => mapProject(authoredSource(app));

/** An activity declaration; `launcher` adds the MAIN/LAUNCHER filter. */
export function activity(name: string, launcher = false): string {
  const filter = launcher
    ? '<intent-filter><action android:name="android.intent.action.MAIN"/><category android:name="android.intent.category.LAUNCHER"/></intent-filter>'
    : '';
  return `<activity android:name="${name}">${filter}</activity>`;
}

/** Edges as `From -kind element-> To` (names without their package), sorted. */
export function edgeLines(map: UiMap, pkg: string): string[] {
  const short = (n: string): string => (n.startsWith(`${pkg}.`) ? n.slice(pkg.length + 1) : n);
  const line = (t: MapTransition): string =>
    `${short(t.from)} -${t.trigger?.kind ?? ''}${t.trigger?.element === undefined ? '' : ` ${t.trigger.element}`}-> ${short(t.to)}${t.back === true ? ' (back)' : ''}`;
  return map.transitions.map(line).sort();
}

export const warningCounts = (map: UiMap): Record<string, number> => Object.fromEntries(map.warnings.map((w) => [w.code, w.count]));

/** A layout of buttons with these ids, and more views after them. */
export function buttonsLayout(ids: string[], extra = ''): string {
  return `<LinearLayout xmlns:android="a" xmlns:app="b">${ids.map((b) => `<Button android:id="@+id/${b}"/>`).join('')}${extra}</LinearLayout>`;
}

/** Kotlin activity `Main` whose onCreate shows layout `main`, then runs `body` (lines); `imports` above the class. */
export function kotlinMain(pkg: string, body: string[], imports: string[] = []): string {
  return [
    `package ${pkg}`,
    ...imports.map((i) => `import ${i}`),
    'class Main : AppCompatActivity() {',
    '  override fun onCreate(b: Bundle?) {',
    '    setContentView(R.layout.main)',
    ...body.map((l) => `    ${l}`),
    '  }',
    '}',
  ].join('\n');
}

/** An activity class with no code of its own, as a code entry (path, text). */
export const emptyActivity = (pkg: string, name: string): [string, string] => [
  `${name}.kt`,
  `package ${pkg}\nclass ${name} : AppCompatActivity()`,
];
