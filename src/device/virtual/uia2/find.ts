/**
 * The element finder of the emulated UiAutomator2 server: the locator strategies `id`, `accessibility id`,
 * `class name` and a small XPath subset — `//*` or `//CLASS` with `[@attr='value']` predicates over the page
 * source's attribute names (`//*[@resource-id='com.example:id/save']`, `//android.widget.Button[@text="Save"]`).
 * It searches the visible screen, as the server searches the active window; the found node is the live one, so
 * typing into it changes the field itself.
 */
import { walk, type UiNode } from '../../../hierarchy/model.js';
import type { VirtualPhone } from '../phone.js';
import { Uia2HttpError } from './state.js';

type Body = Record<string, unknown>;

/** Page-source attribute → the node's value as the page source writes it. */
const ATTRIBUTES: Record<string, (n: UiNode) => string> = {
  'resource-id': (n) => n.id,
  text: (n) => n.text,
  'content-desc': (n) => n.desc,
  class: (n) => n.cls,
  package: (n) => n.pkg,
  hint: (n) => n.hint,
  checkable: (n) => String(n.checkable),
  checked: (n) => String(n.checked),
  clickable: (n) => String(n.clickable),
  enabled: (n) => String(n.enabled),
  focusable: (n) => String(n.focusable),
  focused: (n) => String(n.focused),
  selected: (n) => String(n.selected),
  scrollable: (n) => String(n.scrollable),
  password: (n) => String(n.password),
};

type Test = (n: UiNode) => boolean;

const XPATH_RE = /^\/\/(\*|[\w.$]+)((?:\[@[\w-]+=(?:'[^']*'|"[^"]*")\])*)$/;
const PREDICATE_RE = /\[@([\w-]+)=(?:'([^']*)'|"([^"]*)")\]/g;

function xpathTest(selector: string): Test {
  const m = XPATH_RE.exec(selector.trim());
  if (m === null)
    throw new Uia2HttpError(
      'invalid selector',
      `Unable to locate an element with the xpath expression ${selector}: only //TAG[@attr='value'] paths are supported here`,
    );
  const tag = m[1]!;
  const preds: Array<[(n: UiNode) => string, string]> = [];
  for (const p of m[2]!.matchAll(PREDICATE_RE)) {
    const get = ATTRIBUTES[p[1]!];
    if (get === undefined) throw new Uia2HttpError('invalid selector', `The attribute @${p[1]!} is not supported here`);
    preds.push([get, p[2] ?? p[3] ?? '']);
  }
  return (n) => (tag === '*' || n.cls.replace(/[$@#&]/g, '.') === tag) && preds.every(([get, v]) => get(n) === v);
}

/** `id`: a full resource id, or a short one the server qualifies with the app's package (`save` → `pkg:id/save`). */
function idTest(selector: string, pkg: string): Test {
  const full = selector.includes(':id/') ? selector : `${pkg}:id/${selector}`;
  return (n) => n.id === full;
}

function testFor(strategy: string, selector: string, pkg: string): Test {
  switch (strategy) {
    case 'xpath':
      return xpathTest(selector);
    case 'id':
      return idTest(selector, pkg);
    case 'accessibility id':
      return (n) => n.desc === selector;
    case 'class name':
      return (n) => n.cls === selector;
    default:
      throw new Uia2HttpError('invalid selector', `Locator strategy '${strategy}' is not supported here`);
  }
}

/** The first visible node the locator matches, as its live node; 404 `no such element` otherwise. */
export function findNode(phone: VirtualPhone, body: Body): UiNode {
  const { strategy, selector } = body;
  if (typeof strategy !== 'string' || typeof selector !== 'string') {
    throw new Uia2HttpError('invalid argument', "'strategy' and 'selector' are mandatory");
  }
  const test = testFor(strategy, selector, phone.foregroundPackage());
  const view = phone.view();
  for (const { node } of walk(view.roots)) {
    if (!test(node)) continue;
    const live = view.live.get(node);
    if (live !== undefined) return live;
  }
  throw new Uia2HttpError('no such element', 'An element could not be located on the page using the given search parameters.');
}
