// Builds small uiautomator dumps for tests from a compact spec (authored here, not captured).
import { uiNode, type UiNode } from '../../src/hierarchy/model.js';
import { toUiautomatorXml } from '../../src/hierarchy/xml.js';

export interface Spec {
  cls?: string;
  text?: string;
  desc?: string;
  id?: string;
  bounds: [number, number, number, number];
  clickable?: boolean;
  checkable?: boolean;
  checked?: boolean;
  scrollable?: boolean;
  password?: boolean;
  children?: Spec[];
}

/** Spec → UiNode with uiautomator's defaults (focusable follows clickable, as on real buttons). */
function toNode(s: Spec, index: number): UiNode {
  return uiNode({
    cls: s.cls ?? 'android.widget.FrameLayout',
    text: s.text ?? '',
    desc: s.desc ?? '',
    id: s.id ? `com.example:id/${s.id}` : '',
    pkg: 'com.example.notes',
    bounds: s.bounds,
    checkable: s.checkable ?? false,
    checked: s.checked ?? false,
    clickable: s.clickable ?? false,
    focusable: s.clickable ?? false,
    scrollable: s.scrollable ?? false,
    password: s.password ?? false,
    index,
    children: (s.children ?? []).map(toNode),
  });
}

export function dumpXml(root: Spec): string {
  return toUiautomatorXml({ roots: [toNode(root, 0)], rotation: 0 });
}

const W = 'android.widget.';
export const button = (text: string, id: string, bounds: Spec['bounds'], desc = ''): Spec => ({
  cls: `${W}Button`,
  text,
  desc,
  id,
  bounds,
  clickable: true,
});
export const label = (text: string, id: string, bounds: Spec['bounds']): Spec => ({ cls: `${W}TextView`, text, id, bounds });

/** A notes-like app screen: a toolbar, a list of three note rows, a floating add button. */
export function notesScreen(): string {
  const row = (i: number, title: string, body: string): Spec => ({
    cls: `${W}LinearLayout`,
    id: 'note_row',
    clickable: true,
    bounds: [0, 300 + i * 200, 1080, 500 + i * 200],
    children: [
      label(title, 'note_title', [40, 320 + i * 200, 1000, 380 + i * 200]),
      label(body, 'note_body', [40, 400 + i * 200, 1000, 480 + i * 200]),
    ],
  });
  return dumpXml({
    bounds: [0, 0, 1080, 2280],
    children: [
      {
        cls: `${W}LinearLayout`,
        bounds: [0, 0, 1080, 2280],
        children: [
          {
            cls: 'androidx.appcompat.widget.Toolbar',
            id: 'main_toolbar',
            bounds: [0, 100, 1080, 280],
            children: [
              label('My notes', 'toolbar_title', [40, 140, 500, 240]),
              { cls: `${W}ImageButton`, desc: 'Search', id: 'search', bounds: [700, 120, 820, 260], clickable: true },
              { cls: `${W}ImageView`, desc: 'More options', bounds: [900, 120, 1040, 260], clickable: true },
            ],
          },
          {
            cls: 'androidx.recyclerview.widget.RecyclerView',
            id: 'notes_list',
            scrollable: true,
            bounds: [0, 300, 1080, 1900],
            children: [
              row(0, 'Groceries', 'milk, eggs and bread for the weekend brunch with the neighbours'),
              row(1, 'Call Alice', 'Alice Martin +1 415 555 0199 alice.martin@example.com'),
              row(2, 'Ideas', 'a garden'),
            ],
          },
          { cls: `${W}ImageButton`, desc: 'Create a new note', id: 'fab', bounds: [880, 2000, 1040, 2160], clickable: true },
        ],
      },
    ],
  });
}

/** A settings screen with a password field and a dialog-like confirm bar. */
export function loginDialog(): string {
  return dumpXml({
    bounds: [40, 600, 1040, 1600],
    children: [
      {
        cls: `${W}LinearLayout`,
        id: 'parentPanel',
        bounds: [40, 600, 1040, 1600],
        children: [
          label('Sign in', 'alertTitle', [80, 620, 1000, 700]),
          {
            cls: `${W}LinearLayout`,
            id: 'customPanel',
            bounds: [40, 720, 1040, 1400],
            children: [
              { cls: `${W}EditText`, text: 'bob@example.com', id: 'email', bounds: [80, 740, 1000, 860], clickable: true },
              {
                cls: `${W}EditText`,
                text: 'hunter2secret',
                id: 'password',
                bounds: [80, 900, 1000, 1020],
                clickable: true,
                password: true,
              },
              {
                cls: `${W}CheckBox`,
                text: 'Remember me',
                id: 'remember',
                bounds: [80, 1060, 1000, 1160],
                clickable: true,
                checkable: true,
              },
            ],
          },
          {
            cls: `${W}LinearLayout`,
            id: 'buttonPanel',
            bounds: [40, 1420, 1040, 1600],
            children: [button('Cancel', 'button2', [500, 1440, 760, 1580]), button('Sign in', 'button1', [780, 1440, 1020, 1580])],
          },
        ],
      },
    ],
  });
}
