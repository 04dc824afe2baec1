/**
 * Controls that hand over to another app by what they are, for taps the recording never made on them: a share
 * button opens the system chooser, "Open with" the app picker, a call or dial button the phone app, a link the
 * browser, an email address an email app. Read from the view that takes the tap (its id's words, its text and
 * content description, and the texts of a menu row's children), so "Share" in another note's menu leaves the
 * app as a phone's would, where the recording never showed it.
 */
import { shortId, walk, type UiNode } from '../../hierarchy/model.js';
import type { LeavesApp } from './leaving.js';

export type IntentKind = 'share' | 'open-with' | 'call' | 'dial' | 'open-link';

/** The activity a phone shows for each kind (AOSP's chooser and resolver, the dialer, the browser). */
export const INTENT_TARGETS: Readonly<Record<IntentKind, string>> = {
  share: 'android/com.android.internal.app.ChooserActivity',
  'open-with': 'android/com.android.internal.app.ResolverActivity',
  call: 'com.android.dialer/com.android.incallui.InCallActivity',
  dial: 'com.android.dialer/com.android.dialer.main.impl.MainActivity',
  'open-link': 'com.android.chrome/com.google.android.apps.chrome.Main',
};

/** Whole labels only: "Share" and "Call contact" leave, "Call history" and "Shared folders" do not. */
const LABELS: ReadonlyArray<[RegExp, IntentKind]> = [
  [/^share( via| with| note| file| link)?$/i, 'share'],
  [/^(open with|send email|email)$/i, 'open-with'],
  [/^[\w.+-]+@[\w-]+(\.[\w-]+)+$/, 'open-with'],
  [/^call( contact| number| back)?$/i, 'call'],
  [/^dial( number)?$/i, 'dial'],
  [/^((visit |open )?(website|link)|open in browser)$/i, 'open-link'],
  [/^(https?:\/\/|www\.)\S+$/i, 'open-link'],
];

/** Id words (`menu_share`, `contact_start_call`, `open_with`): the word must be whole. */
const ID_WORDS: ReadonlyArray<[RegExp, IntentKind]> = [
  [/(^|_)share$/, 'share'],
  [/(^|_)open_with$/, 'open-with'],
  [/(^|_)send_email$/, 'open-with'],
  [/(^|_)start_call$/, 'call'],
  [/(^|_)dial_number$/, 'dial'],
  [/(^|_)(website|open_link)$/, 'open-link'],
];

/** What a view hands over to, by its id's last words and its labels (a menu row: its children's texts). */
export function intentKind(n: UiNode): IntentKind | undefined {
  const id = shortId(n.id)
    .replace(/([a-z])([A-Z])/g, '$1_$2')
    .toLowerCase();
  for (const [re, kind] of ID_WORDS) if (re.test(id)) return kind;
  const labels = [...walk([n])].flatMap((e) => [e.node.text.trim(), e.node.desc.trim()]).filter((l) => l !== '');
  // A row with several labels is a content row (a contact, a note), not an action named by its label.
  if (new Set(labels).size !== 1) return undefined;
  for (const [re, kind] of LABELS) if (re.test(labels[0]!)) return kind;
  return undefined;
}

/**
 * The guess for a tap on `path` (views under the finger, outermost first): the innermost view that takes taps,
 * read by intentKind. `ownsCalls`: the app is itself the phone app (it records its own call screen), so its call
 * and dial buttons stay in it.
 */
export function intentGuess(opts: { ownsCalls: boolean }): LeavesApp {
  return (path) => {
    for (let i = path.length - 1; i >= 0; i--) {
      const n = path[i]!;
      if (!n.clickable) continue;
      const kind = intentKind(n);
      if (kind === undefined || (opts.ownsCalls && (kind === 'call' || kind === 'dial'))) return undefined;
      return INTENT_TARGETS[kind];
    }
    return undefined;
  };
}
