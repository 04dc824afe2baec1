/**
 * Words for lexical ranking: tokenise labels, ids and task text the same way, stem, and map UI synonyms onto
 * one concept so that "preferences" meets "Settings" and "⋮" meets "more options".
 */

const STOP = new Set(
  (
    'a an the to of in on at for from by with and or is it its this that these those my me i you your be as into ' +
    'then than all any some can could would should will please just also now there here up out so do does did ' +
    'using use via one which what when where who how about after before while app application'
  ).split(' '),
);

/**
 * Light suffix stripping (a subset of Porter's step 1 plus -ing/-ed/-ion): enough to meet "sorting"/"sort",
 * "photos"/"photo", "deleted"/"delete" without a dictionary. Over-stemming is harmless here: both sides of a
 * comparison go through the same function.
 */
export function stem(w: string): string {
  if (w.length <= 3 || /\d/.test(w)) return w;
  let s = w;
  if (s.endsWith('ies') && s.length > 4) s = s.slice(0, -3) + 'y';
  else if (s.endsWith('sses')) s = s.slice(0, -2);
  else if (s.endsWith('es') && /(ch|sh|x|z|ss)es$/.test(s)) s = s.slice(0, -2);
  else if (s.endsWith('s') && !s.endsWith('ss') && !s.endsWith('us') && !s.endsWith('is')) s = s.slice(0, -1);
  if (s.length > 5 && s.endsWith('ing')) s = s.slice(0, -3);
  else if (s.length > 4 && s.endsWith('ed') && !s.endsWith('eed')) s = s.slice(0, -2);
  else if (s.length > 6 && s.endsWith('ation')) s = s.slice(0, -5);
  else if (s.length > 5 && s.endsWith('ion')) s = s.slice(0, -3);
  if (s.length > 4 && /([bdfgklmnprt])\1$/.test(s)) s = s.slice(0, -1);
  if (s.length > 4 && s.endsWith('e')) s = s.slice(0, -1);
  return s;
}

/**
 * UI synonyms, each list one concept named by its first word. Chosen from Android UI vocabulary (AOSP menu and
 * settings strings, Material icon names), not from the benchmark's targets.
 */
const SYNONYM_GROUPS: readonly (readonly string[])[] = [
  ['settings', 'setting', 'preferences', 'preference', 'prefs', 'config', 'configure', 'configuration', 'customize', 'customization'],
  ['more', 'overflow', 'options', 'menu', '⋮', '…', 'kebab'],
  ['add', 'new', 'create', 'plus', '+', 'fab', 'compose', 'insert'],
  ['delete', 'remove', 'trash', 'bin', 'discard', 'erase'],
  ['search', 'find', 'lookup', 'query', 'filter'],
  ['ok', 'confirm', 'done', 'apply', 'yes', 'accept', 'button1'],
  ['save', 'store', 'keep'],
  ['cancel', 'dismiss', 'no', 'close', 'button2'],
  ['edit', 'rename', 'modify', 'change'],
  ['share', 'send'],
  ['photo', 'picture', 'pic', 'image', 'img', 'selfie', 'shot', 'snapshot'],
  ['video', 'movie', 'record', 'recording', 'clip', 'film'],
  ['call', 'dial', 'dialpad', 'phone', 'ring'],
  ['contact', 'contacts', 'people', 'person'],
  ['sort', 'order', 'arrange', 'ascending', 'descending'],
  ['play', 'start', 'resume'],
  ['pause', 'stop', 'halt'],
  ['next', 'forward', 'skip'],
  ['previous', 'prev', 'back', 'rewind'],
  ['favorite', 'favourite', 'star', 'starred', 'bookmark'],
  ['folder', 'directory', 'dir', 'album'],
  ['theme', 'color', 'colour', 'appearance', 'dark', 'light'],
  ['font', 'text', 'size', 'zoom'],
  ['timer', 'countdown'],
  ['alarm', 'wake'],
  ['stopwatch', 'lap'],
  ['rotate', 'rotation', 'turn'],
  ['crop', 'trim', 'cut'],
  ['flash', 'torch', 'flashlight'],
  ['switch', 'toggle', 'flip', 'front', 'rear'],
  ['shutter', 'capture', 'take'],
  ['open', 'launch', 'view', 'show'],
  ['hide', 'hidden', 'invisible'],
  ['tab', 'tabs', 'page'],
  ['url', 'address', 'website', 'site', 'web', 'link', 'go'],
  ['history', 'recent', 'recents', 'log'],
  ['column', 'columns', 'grid'],
  ['note', 'notes', 'memo', 'checklist'],
  ['music', 'song', 'track', 'audio', 'playlist', 'artist'],
  ['name', 'title', 'label', 'called', 'filename'],
];

const CONCEPT = new Map<string, string>();
for (const g of SYNONYM_GROUPS) for (const w of g) if (!CONCEPT.has(stem(w))) CONCEPT.set(stem(w), `~${g[0]}`);

// One pass for both word breaks: `menuRotate` → `menu Rotate`; `URLEncoder` → `URL Encoder` (a lookahead, not
// `([A-Z]+)([A-Z][a-z])`, which backtracks n² on a capital run).
const CASE_BREAK = /([a-z0-9])(?=[A-Z])|([A-Z])(?=[A-Z][a-z])/g;
const WORD = /[\p{L}\p{N}]+|[+⋮…]/gu;

/** Splits a label or id into lowercase words: `top_toolbar_search`, `menuRotate`, "Sort by" → words. */
export function words(s: string): string[] {
  const spaced = s.replace(CASE_BREAK, '$1$2 ').toLowerCase();
  return spaced.match(WORD) ?? [];
}

/** Screens repeat few words many times (a list's rows): stems are memoised, in a bounded cache. */
const STEMS = new Map<string, string>();
const STEM_CACHE = 50_000;

function stemOf(w: string): string {
  // What `stem` leaves alone, without a lookup: short words, and numbers (a list's row numbers would fill the cache).
  const c0 = w.charCodeAt(0);
  if (w.length <= 3 || (c0 >= 48 && c0 <= 57)) return w;
  let st = STEMS.get(w);
  if (st === undefined) {
    if (STEMS.size >= STEM_CACHE) STEMS.clear();
    STEMS.set(w, (st = stem(w)));
  }
  return st;
}

export interface Terms {
  /** Stemmed words. */
  stems: Set<string>;
  /** Synonym concepts (`~settings`) the words belong to. */
  concepts: Set<string>;
}

/** With `only`, the stems kept are those in it (a block's words matter only as far as the task has them). */
export function terms(s: string, keepStop = false, only?: ReadonlySet<string>): Terms {
  const stems = new Set<string>();
  const concepts = new Set<string>();
  for (const w of words(s)) {
    if (!keepStop && STOP.has(w)) continue;
    const st = stemOf(w);
    if (only === undefined || only.has(st)) stems.add(st);
    const c = CONCEPT.get(st);
    if (c !== undefined) concepts.add(c);
  }
  return { stems, concepts };
}

/** Quoted strings of a task (`search 'Clock' app` → Clock): usually what is to be typed or found. */
export function quoted(task: string): string[] {
  return [...task.matchAll(/['"‘“]([^'"’”]{1,80})['"’”]/g)].map((m) => m[1]!);
}

/** Everything an element shows: its text, description and the labels of children merged into it. */
export function elementLabels(e: { text?: string; desc?: string; labels?: readonly string[] }): string[] {
  const out: string[] = [];
  for (const s of [e.text, e.desc, ...(e.labels ?? [])]) if (s !== undefined && s !== '' && !out.includes(s)) out.push(s);
  return out;
}
