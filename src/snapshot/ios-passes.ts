/**
 * The iOS pass list: WebDriverAgent and Maestro hierarchies (points, XCUIElementType names) distilled to the
 * same element tree as Android's. Each pass is exported and tested alone (test/snapshot/ios-passes.test.ts).
 *
 * iOS differs from Android in what is noise: system chrome comes as small leaves at the top of the screen, not
 * as a package; scroll indicators and list chevrons are accessibility elements; wrappers span the whole screen
 * and repeat the labels of what they hold; frames of SwiftUI containers can be empty while their content is not.
 * Every filter here works on geometry, type and identifier, never on the wording of a label (labels change
 * with the locale).
 */
import { iosShortType } from '../hierarchy/ios.js';
import { area } from '../hierarchy/model.js';
import {
  absorbChildLabels,
  dropInvisible,
  dropOffscreen,
  dropWhere,
  forEachNode,
  groupLists,
  hasLabel,
  hidePasswordValues,
  keepIdentifiedIcons,
  keepInputWidgets,
  stripZeroWidth,
  subtreeSize,
  unwrapLayouts,
  type DNode,
  type Pass,
  type PipelineOptions,
} from './distil.js';

/** Status bar height reserve: time, signal, Wi-Fi and battery sit in the top 54 pt on notched iPhones. */
export const STATUS_BAR_PT = 50;
/** A status-bar item is small: the widest (a carrier name or the clock) stays well under this. */
const STATUS_ITEM_MAX_PT = 120;
/** Long side / short side from which a non-interactive element is a bar, not content. */
export const INDICATOR_ASPECT = 8;
/** Thickness of a drawn scroll-indicator thumb (3 pt on every iOS release so far). */
const THUMB_PT = 4;
/** A chevron glyph is at most this big in both directions. */
const GLYPH_PT = 24;
/** Share of the screen from which an element is a wrapper, not a target. */
const FULL_SCREEN = 0.9;

function interactive(n: DNode): boolean {
  return n.clickable || n.longClickable || n.editable || n.checkable || n.scrollable;
}

const width = (n: DNode): number => n.bounds[2] - n.bounds[0];
const height = (n: DNode): number => n.bounds[3] - n.bounds[1];

function hasArea(n: DNode): boolean {
  if (area(n.bounds) > 0) return true;
  return n.children.some(hasArea);
}

/**
 * SwiftUI containers often report an empty frame while their content has one: only subtrees with no area
 * anywhere are dropped (Android's dropZeroArea would drop the content with its container).
 */
export const dropEmptyZeroArea: Pass = (roots, ctx) => dropWhere(roots, ctx, 'zeroArea', (n) => !hasArea(n));

/**
 * Native iOS vocabulary: the `XCUIElementType` prefix goes (`Button`, `Cell`, `Switch`, `StaticText`); an
 * identifier that only repeats the label is dropped (WDA cannot tell them apart); an
 * untyped element whose identifier names a button (`BackButton`, `CameraButton`) is one; a switch's value
 * (`1`/`0`) becomes its state (`[on]`) instead of text.
 */
export const iosVocabulary: Pass = (roots) => {
  forEachNode(roots, (n) => {
    n.cls = iosShortType(n.cls);
    // WDA writes the label as `name` when there is no identifier, so an id equal to the label is no id.
    if (n.id !== '' && n.id === n.desc) n.id = '';
    if (n.cls === 'Other' && /Button$/.test(n.id) && !interactive(n)) {
      n.cls = 'Button';
      n.clickable = true;
    }
    if (n.checkable) {
      n.text = '';
      if (n.cls === 'Switch' || n.cls === 'Toggle') n.onOff = true;
    }
  });
  return roots;
};

/**
 * The status bar (time, carrier, signal, Wi-Fi, battery): small non-interactive leaves in the top 50 pt. By
 * position and size, not by text: its labels change with the locale, the carrier and the hour.
 */
export const dropStatusBar: Pass = (roots, ctx) => {
  if (ctx.all) return roots;
  const maxWidth = Math.min(STATUS_ITEM_MAX_PT, ctx.width > 0 ? ctx.width / 3 : STATUS_ITEM_MAX_PT);
  return dropWhere(
    roots,
    ctx,
    'chrome',
    (n) => n.children.length === 0 && !interactive(n) && n.bounds[3] <= STATUS_BAR_PT && height(n) <= 30 && width(n) <= maxWidth,
  );
};

function thin(n: DNode): boolean {
  return Math.min(width(n), height(n)) <= THUMB_PT;
}

function allThin(list: readonly DNode[]): boolean {
  return list.every((c) => thin(c) && !hasLabel(c) && allThin(c.children));
}

/** Types a scroll indicator is reported as (a progress bar or slider is never one). */
const SCROLLBAR_TYPES = new Set(['Other', 'ScrollBar']);

const isBar = (n: DNode): boolean => Math.max(width(n), height(n)) / Math.max(1, Math.min(width(n), height(n))) >= INDICATOR_ASPECT;

/**
 * Scroll indicators ("Vertical scroll bar, 2 pages", value "0%"): a non-interactive element with a value whose
 * only content is the drawn thumb, one unlabelled leaf at most 4 pt thick (whatever the accessibility frame
 * around it), or, as WDA writes them without the thumb, a leaf of extreme aspect ratio valued in percent.
 */
export const dropScrollIndicators: Pass = (roots, ctx) =>
  dropWhere(roots, ctx, 'chrome', (n) => {
    if (interactive(n) || !hasLabel(n) || n.text === '' || !SCROLLBAR_TYPES.has(n.cls)) return false;
    if (n.children.length > 0) return n.children.length === 1 && allThin(n.children);
    return isBar(n) && /^\d{1,3}\s?%$/.test(n.text);
  });

/** SF Symbols of disclosure chevrons (`chevron.forward`, `chevron.right`): the row is the target, not the glyph. */
const CHEVRON_ID = /^chevron\.(forward|right|backward|left|down|up)(\.|$)/;

/** Decorative chevrons on list rows: small non-interactive glyphs identified as a chevron symbol. */
export const dropDecorativeChevrons: Pass = (roots, ctx) =>
  dropWhere(
    roots,
    ctx,
    'chrome',
    (n) => CHEVRON_ID.test(n.id) && n.children.length === 0 && !interactive(n) && width(n) <= GLYPH_PT && height(n) <= GLYPH_PT,
  );

/**
 * The on-screen keyboard is one line, not 30 keys: `Keyboard` labelled with its action key (the bottom-right
 * key: return, Done, Search …, found by position), typed into with `type`.
 */
export const collapseKeyboard: Pass = (roots, ctx) => {
  forEachNode(roots, (n) => {
    if (n.cls !== 'Keyboard' || n.children.length === 0) return;
    let action: DNode | undefined;
    forEachNode(n.children, (k) => {
      if (k.children.length > 0 || k.desc === '') return;
      if (
        !action ||
        k.bounds[3] > action.bounds[3] + 2 ||
        (Math.abs(k.bounds[3] - action.bounds[3]) <= 2 && k.bounds[2] > action.bounds[2])
      ) {
        action = k;
      }
    });
    for (const c of n.children) ctx.stats.absorbed += subtreeSize(c);
    n.children = [];
    n.text = '';
    n.desc = '';
    n.labels = action ? [action.desc] : [];
    n.keep = true;
  });
  return roots;
};

/**
 * Full-screen wrappers (the application, windows, a dimming "dismiss" layer) hold the screen, they are not a
 * target: replaced by their children, like a layout. Lists and fields keep their place even when they fill it.
 */
export const unwrapFullScreen: Pass = (roots, ctx) => {
  const screen = ctx.width * ctx.height;
  if (screen <= 0) return roots;
  const visit = (list: DNode[]): DNode[] => {
    const out: DNode[] = [];
    for (const n of list) {
      n.children = visit(n.children);
      if (area(n.bounds) >= FULL_SCREEN * screen && !n.scrollable && !n.editable) {
        ctx.stats.unwrapped++;
        for (const c of n.children) out.push(c);
      } else out.push(n);
    }
    return out;
  };
  return visit(roots);
};

const norm = (s: string): string => s.trim().toLowerCase();

/**
 * An unidentified element whose label names the container ("Contact photo for Kate Bell" in "Kate Bell"): the
 * first line of `own`, which is normalised and not blank, so its first line is the container's first label.
 */
function depicts(c: DNode, own: string): boolean {
  return c.id === '' && norm(c.desc).includes(own.split('\n', 1)[0]!.trim());
}

/**
 * Cells absorb their labels. An iOS container's label is the text of what it holds, and its children repeat
 * it (a row "Kate Bell" holding a text "Kate Bell"): a non-interactive descendant whose every label is part of
 * the container's is folded into it (its own children move up).
 */
export const absorbRedundantLabels: Pass = (roots, ctx) => {
  const fold = (own: string, list: DNode[]): DNode[] => {
    const out: DNode[] = [];
    for (const c of list) {
      const pieces = [c.text, c.desc].filter((s) => s !== '').map(norm);
      if (interactive(c) || c.keep) out.push(c);
      else if (pieces.length === 0) {
        // A layout between the container and its texts: look through it.
        c.children = fold(own, c.children);
        out.push(c);
      } else if (pieces.every((p) => own.includes(p)) || (depicts(c, own) && !c.children.some(labelledBelow))) {
        ctx.stats.absorbed++;
        for (const k of fold(own, c.children)) out.push(k);
      } else out.push(c);
    }
    return out;
  };
  forEachNode(roots, (n) => {
    const own = norm([n.desc, n.text, n.hint].join('\n'));
    if (own.trim() !== '') n.children = fold(own, n.children);
  });
  return roots;
};

function labelledBelow(n: DNode): boolean {
  return hasLabel(n) || n.children.some(labelledBelow);
}

function sameAs(n: DNode, parent: DNode): boolean {
  const [l, t, r, b] = n.bounds;
  const p = parent.bounds;
  return (
    n.cls === parent.cls &&
    n.desc === parent.desc &&
    n.text === parent.text &&
    n.id === parent.id &&
    l >= p[0] &&
    t >= p[1] &&
    r <= p[2] &&
    b <= p[3]
  );
}

/**
 * Twins: a sibling with the same type, label, identifier and frame as an earlier one (XCTest reports some
 * accessory views twice), or a leaf that repeats its nearest labelled ancestor inside its frame, is the same element.
 */
export const dropTwins: Pass = (roots, ctx) => {
  const visit = (list: DNode[], parent?: DNode): DNode[] => {
    const seen = new Set<string>();
    const out: DNode[] = [];
    for (const n of list) {
      const key = [n.cls, n.desc, n.text, n.id, ...n.bounds].join('\u0000');
      const twin = seen.has(key) && n.children.length === 0;
      if (twin || (parent !== undefined && sameAs(n, parent) && !n.children.some(labelledBelow))) {
        ctx.stats.absorbed++;
        continue;
      }
      seen.add(key);
      // Unlabelled layers in between do not hide a repeat of the labelled ancestor.
      n.children = visit(n.children, hasLabel(n) ? n : parent);
      out.push(n);
    }
    return out;
  };
  return visit(roots);
};

/** An editable field's label that only repeats its placeholder says nothing twice. */
export const dropFieldLabelEchoes: Pass = (roots) => {
  forEachNode(roots, (n) => {
    if (n.editable && n.desc !== '' && n.desc === n.hint) n.desc = '';
  });
  return roots;
};

/** The iOS pass list for a mode (status bar kept with `all`, off-screen marked with `offscreen`). */
export function iosPassesFor(options: PipelineOptions = {}): Pass[] {
  const list: Pass[] = [dropInvisible, dropEmptyZeroArea, iosVocabulary];
  if (!options.all) list.push(dropStatusBar, dropScrollIndicators, dropDecorativeChevrons);
  list.push(
    dropOffscreen,
    collapseKeyboard,
    stripZeroWidth,
    hidePasswordValues,
    dropFieldLabelEchoes,
    unwrapFullScreen,
    dropTwins,
    absorbRedundantLabels,
    keepInputWidgets,
    keepIdentifiedIcons,
    absorbChildLabels,
    unwrapLayouts,
    groupLists,
  );
  return list;
}
