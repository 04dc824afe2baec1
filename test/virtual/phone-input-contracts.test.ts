// Input on the virtual phone as `input` and UiAutomator clients send it: editing keys move the cursor and edit at
// it (DEL, FORWARD_DEL, MOVE_HOME/END, DPAD_LEFT/RIGHT, CLEAR, printing keys); set-text replaces a field's value;
// typed text and keys fire the transitions that name them (ENTER also as NUMPAD_ENTER, a key bound to one field);
// a swipe is read by its direction, a still short swipe is a tap and a long one a long press; a tap toggles a
// switch row and turns one radio button on; disabled views take no tap; taps on the status bar do nothing; the
// log names what was tapped. A scenario built in memory; in process, no adb.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { walk, type UiNode } from '../../src/hierarchy/model.js';
import { VirtualPhone } from '../../src/device/virtual/phone.js';
import { buildScenario } from '../../src/device/virtual/scenario.js';

const PKG = 'com.example.form';

const FORM = `<hierarchy rotation="0">
  <node class="android.widget.FrameLayout" bounds="[0,0][1080,2400]">
    <node class="android.widget.EditText" resource-id="${PKG}:id/name" text="" hint="Name" focusable="true" bounds="[0,100][1080,200]" />
    <node class="android.widget.EditText" resource-id="${PKG}:id/city" text="Paris" hint="City" focusable="true" bounds="[0,220][1080,320]" />
    <node class="android.widget.LinearLayout" resource-id="${PKG}:id/wifi_row" clickable="true" bounds="[0,400][1080,500]">
      <node class="android.widget.TextView" text="Wi-Fi" bounds="[0,400][800,500]" />
      <node class="android.widget.Switch" resource-id="${PKG}:id/wifi" checkable="true" checked="false" bounds="[800,400][1080,500]" />
    </node>
    <node class="android.widget.RadioGroup" bounds="[0,600][1080,700]">
      <node class="android.widget.RadioButton" resource-id="${PKG}:id/small" text="Small" checkable="true" checked="true" clickable="true" bounds="[0,600][360,700]" />
      <node class="android.widget.RadioButton" resource-id="${PKG}:id/medium" text="Medium" checkable="true" clickable="true" bounds="[360,600][720,700]" />
      <node class="android.widget.RadioButton" resource-id="${PKG}:id/large" text="Large" checkable="true" clickable="true" bounds="[720,600][1080,700]" />
    </node>
    <node class="android.widget.CheckBox" resource-id="${PKG}:id/locked" text="Locked" checkable="true" clickable="true" enabled="false" bounds="[0,800][1080,900]" />
    <node class="android.widget.Button" resource-id="${PKG}:id/press" text="Press" clickable="true" long-clickable="true" bounds="[0,1000][1080,1100]" />
  </node>
</hierarchy>`;

const PLAIN = (title: string): string => `<hierarchy rotation="0">
  <node class="android.widget.FrameLayout" bounds="[0,0][1080,2400]"><node class="android.widget.TextView" text="${title}" bounds="[0,100][1080,200]" /></node>
</hierarchy>`;

function phone(): VirtualPhone {
  const sc = buildScenario(
    {
      package: PKG,
      label: 'Form',
      launcher: '.Main',
      start: 'form',
      systemBars: true,
      screens: {
        form: { file: 'form' },
        entered: { file: 'entered' },
        typed: { file: 'typed' },
        left: { file: 'left' },
        right: { file: 'right' },
        up: { file: 'up' },
        long: { file: 'long' },
      },
      transitions: [
        { from: 'form', on: { key: 'ENTER', in: { id: 'name' } }, to: 'entered' },
        { from: 'form', on: { text: { id: 'city' }, value: 'Lyon' }, to: 'typed' },
        { from: 'form', on: { swipe: 'left' }, to: 'left' },
        { from: 'form', on: { swipe: 'right', in: { id: 'press' } }, to: 'right' },
        { from: 'form', on: { swipe: 'up' }, to: 'up' },
        { from: 'form', on: { long: { id: 'press' } }, to: 'long' },
        { from: '*', on: { back: true }, to: '@back' },
      ],
    },
    (f) => (f === 'form' ? FORM : PLAIN(f)),
    'in-memory',
  );
  const p = new VirtualPhone(sc);
  p.launch(PKG);
  return p;
}

function live(p: VirtualPhone, id: string): UiNode {
  const n = [...walk(p.current().roots)].map((w) => w.node).find((x) => x.id === `${PKG}:id/${id}`);
  assert.ok(n, id);
  return n;
}

const tapOn = (p: VirtualPhone, id: string): void => {
  const [l, t, r, b] = live(p, id).bounds;
  p.tap((l + r) / 2, (t + b) / 2);
};

describe('editing keys', () => {
  test('the cursor moves with MOVE_HOME/END and DPAD_LEFT/RIGHT (clamped); DEL and FORWARD_DEL delete at it; letters insert', () => {
    const p = phone();
    tapOn(p, 'city');
    assert.equal(p.editValue(undefined), 'Paris');
    p.key('MOVE_HOME');
    p.key('DPAD_LEFT');
    p.key('X');
    assert.equal(p.fieldValue('city'), 'xParis', 'inserted at the start; left of the start stays there');
    p.key('DPAD_RIGHT');
    p.key('FORWARD_DEL');
    assert.equal(p.fieldValue('city'), 'xPris');
    p.key('DEL');
    assert.equal(p.fieldValue('city'), 'xris');
    p.key('MOVE_END');
    p.key('DPAD_RIGHT');
    p.key('PERIOD');
    p.key('5');
    assert.equal(p.fieldValue('city'), 'xris.5');
    p.key('MOVE_HOME');
    p.key('DEL');
    assert.equal(p.fieldValue('city'), 'xris.5', 'DEL at the start deletes nothing');
    p.key('CLEAR');
    assert.equal(p.fieldValue('city'), '');
    p.key('A');
    assert.equal(p.fieldValue('city'), 'a', 'after CLEAR the cursor is at 0');
  });

  test('editing keys with no field focused change nothing and throw nothing', () => {
    const p = phone();
    for (const k of ['DEL', 'FORWARD_DEL', 'MOVE_END', 'MOVE_HOME', 'DPAD_LEFT', 'DPAD_RIGHT', 'CLEAR', 'A']) p.key(k);
    assert.deepEqual([p.fieldValue('name'), p.fieldValue('city'), p.screenName()], ['', 'Paris', 'form']);
  });

  test('a key with no text effect and no transition is logged as having none', () => {
    const p = phone();
    p.key('VOLUME_UP');
    assert.deepEqual(p.log.at(-1), { action: 'key VOLUME_UP', screen: 'form', message: 'no effect' });
  });

  test('text with no focused field goes nowhere, and says so', () => {
    const p = phone();
    p.text('hello');
    assert.deepEqual(p.log.at(-1), { action: 'text "hello"', screen: 'form', message: 'no focused text field: the keys went nowhere' });
    assert.equal(p.fieldValue('name'), '');
  });
});

describe('set-text and text transitions', () => {
  test('set-text replaces the whole value and focuses the field; on a non-field it is refused', () => {
    const p = phone();
    assert.equal(p.setText(live(p, 'city'), 'Rome'), true);
    assert.equal(p.fieldValue('city'), 'Rome');
    assert.equal(p.editValue(undefined), 'Rome', 'now the focused field');
    p.key('X');
    assert.equal(p.fieldValue('city'), 'Romex', 'the cursor at the end');
    assert.equal(p.setText(live(p, 'press'), 'x'), false);
    assert.equal(p.editValue(live(p, 'press')), undefined);
    assert.equal(p.setText(undefined, ''), true, 'the focused field, emptied');
    assert.equal(p.fieldValue('city'), '');
  });

  test("typing the value a transition names fires it; another value doesn't; set-text fires it too", () => {
    const p = phone();
    tapOn(p, 'city');
    p.key('CLEAR');
    p.text('Lyo');
    assert.equal(p.screenName(), 'form');
    assert.deepEqual([p.log.at(-1)!.action, p.log.at(-1)!.screen], ['text "Lyo"', 'form']);
    assert.match(p.log.at(-1)!.message, /^typed into EditText /);
    p.text('n');
    assert.equal(p.screenName(), 'typed', 'the whole value is Lyon now');
    const q = phone();
    q.setText(live(q, 'city'), 'Lyon');
    assert.equal(q.screenName(), 'typed');
  });

  test('ENTER in the field the transition names fires it, NUMPAD_ENTER too; in another field nothing', () => {
    const p = phone();
    tapOn(p, 'city');
    p.key('ENTER');
    assert.equal(p.screenName(), 'form');
    tapOn(p, 'name');
    p.key('NUMPAD_ENTER');
    assert.equal(p.screenName(), 'entered');
    p.key('BACK');
    assert.equal(p.screenName(), 'form');
  });
});

describe('swipes', () => {
  test('read by direction: left anywhere, right only from the named view, up; a still short swipe is a tap, a still long one a long press', () => {
    const left = phone();
    left.swipe({ x: 900, y: 1500 }, { x: 100, y: 1480 }, 300);
    assert.equal(left.screenName(), 'left');
    const right = phone();
    right.swipe({ x: 100, y: 1500 }, { x: 900, y: 1500 }, 300);
    assert.equal(right.screenName(), 'form', 'not from the button');
    assert.equal(right.log.at(-1)!.message, 'nothing to scroll');
    right.swipe({ x: 100, y: 1050 }, { x: 900, y: 1050 }, 300);
    assert.equal(right.screenName(), 'right');
    const up = phone();
    up.swipe({ x: 500, y: 1800 }, { x: 520, y: 1200 }, 300);
    assert.equal(up.screenName(), 'up');
    const down = phone();
    down.swipe({ x: 500, y: 1200 }, { x: 500, y: 1800 }, 300);
    assert.equal(down.screenName(), 'form');
    // Ten pixels is a swipe already; a diagonal counts as vertical.
    const ten = phone();
    ten.swipe({ x: 500, y: 1050 }, { x: 510, y: 1050 }, 100);
    assert.equal(ten.screenName(), 'right');
    const diagonal = phone();
    diagonal.swipe({ x: 900, y: 1800 }, { x: 300, y: 1200 }, 300);
    assert.equal(diagonal.screenName(), 'up');
    const still = phone();
    still.swipe({ x: 500, y: 1050 }, { x: 505, y: 1055 }, 100);
    assert.equal(still.screenName(), 'form');
    assert.match(still.log.at(-1)!.action, /^tap 500 1050$/);
    still.swipe({ x: 500, y: 1050 }, { x: 505, y: 1055 }, 800);
    assert.equal(still.screenName(), 'long');
  });
});

describe('taps on widgets', () => {
  test('a row holding one switch toggles it, each tap; the log says toggled', () => {
    const p = phone();
    tapOn(p, 'wifi_row');
    assert.equal(live(p, 'wifi').checked, true);
    assert.match(p.log.at(-1)!.message, /^no transition for LinearLayout .*\(toggled\)$/);
    tapOn(p, 'wifi_row');
    assert.equal(live(p, 'wifi').checked, false);
  });

  test('a radio button turns on and its siblings off; tapping it again keeps it on', () => {
    const p = phone();
    tapOn(p, 'large');
    assert.deepEqual(
      ['small', 'medium', 'large'].map((id) => live(p, id).checked),
      [false, false, true],
    );
    tapOn(p, 'large');
    assert.equal(live(p, 'large').checked, true);
  });

  test('a disabled checkbox takes no tap', () => {
    const p = phone();
    tapOn(p, 'locked');
    assert.equal(live(p, 'locked').checked, false);
    assert.equal(p.log.at(-1)!.message, 'no transition for CheckBox "Locked"');
  });

  test('a tap on a field focuses it with the cursor at the end', () => {
    const p = phone();
    tapOn(p, 'city');
    p.key('S');
    assert.equal(p.fieldValue('city'), 'Pariss');
    assert.match(p.log.at(-1)!.message, /^no transition for EditText "Paris" \(focused\)$/);
  });

  test('the status bar takes no tap, and the log names what was hit; outside the screen is outside', () => {
    const p = phone();
    p.tap(1010, 10);
    assert.equal(p.screenName(), 'form');
    assert.equal(p.log.at(-1)!.message, 'system UI (Battery 100 percent.): nothing happens');
    p.longPress(540, 2350);
    assert.match(p.log.at(-1)!.message, /^system UI \((Back|Home|Overview)\): nothing happens$/);
    p.tap(-5, 3000);
    assert.equal(p.log.at(-1)!.message, 'outside the screen');
  });

  test('a long press goes to the long-clickable view and fires its transition', () => {
    const p = phone();
    p.longPress(540, 1050);
    assert.equal(p.screenName(), 'long');
    assert.equal(p.log.at(-1)!.action, 'long press 540 1050');
  });
});
