// A password field's text: a prompt for the secret is its hint; anything else may be the secret and stays hidden.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { passwordHint } from '../../src/snapshot/password-hint.js';
import { distil, passesFor } from '../../src/snapshot/distil.js';
import { uiNode } from '../../src/hierarchy/model.js';

test('prompts are hints, in several languages; blanks around are trimmed', () => {
  for (const t of ['Enter Password', 'Password', ' Confirm your PIN ', 'Passwort eingeben', 'Mot de passe', 'New passcode'])
    assert.equal(passwordHint(t), t.trim(), t);
});

test('bullets, a bare secret, digits or a word inside a longer one are not', () => {
  for (const t of ['••••••', '******', 'hunter2', 'mypassword1', '123456', '', 'correcthorsebatterystaple'])
    assert.equal(passwordHint(t), '', t);
});

test('the pass keeps a stated hint over the text, and never shows the text', () => {
  const field = (text: string, hint = '') =>
    uiNode({ cls: 'android.widget.EditText', text, hint, password: true, editable: true, clickable: true, bounds: [0, 0, 500, 100] });
  const run = (n: ReturnType<typeof uiNode>) => {
    const root = uiNode({ cls: 'android.widget.FrameLayout', bounds: [0, 0, 1080, 1920], children: [n] });
    const { roots } = distil({ format: 'uiautomator', rotation: 0, width: 1080, height: 1920, roots: [root] }, {}, passesFor({}));
    const out: Array<[string, string]> = [];
    const walk = (ds: typeof roots): void => ds.forEach((d) => (d.password ? out.push([d.text, d.hint]) : walk(d.children)));
    walk(roots);
    return out;
  };
  assert.deepEqual(run(field('Enter Password')), [['', 'Enter Password']]);
  assert.deepEqual(run(field('Enter Password', 'Your password')), [['', 'Your password']]);
  assert.deepEqual(run(field('hunter2')), [['', '']]);
});
