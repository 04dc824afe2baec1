// A password field's value never reaches the output, whatever the command or format. Checked end to end through
// the CLI on a dump that carries the value in clear (uiautomator2 and some OEM dumps do; live stock dumps show
// bullets), beside the unit test of the pass that blanks it.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { toUiautomatorXml } from '../../src/hierarchy/xml.js';
import { n, screen } from '../snapshot/build.js';
import { glance } from '../helpers/cli.js';

const SECRET = 'hunter2-Zq9!';
const dir = mkdtempSync(join(tmpdir(), 'glance-pw-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const signIn = (password: string) =>
  screen([
    n('TextView', { text: 'Sign in', bounds: [40, 100, 1040, 200] }),
    n('EditText', { id: 'email', text: 'ana@example.com', clickable: true, focusable: true, bounds: [40, 300, 1040, 400] }),
    n('EditText', { id: 'password', text: password, password: true, clickable: true, focusable: true, bounds: [40, 450, 1040, 550] }),
    n('Button', { id: 'sign_in', text: 'Sign in', clickable: true, bounds: [40, 600, 1040, 700] }),
  ]);

const file = (name: string, password: string): string => {
  const p = join(dir, name);
  writeFileSync(p, toUiautomatorXml(signIn(password)));
  return p;
};

test('no command or format prints the value of a password field', async () => {
  const now = file('now.xml', SECRET);
  const before = file('before.xml', 'old-Secret-7');
  const runs: string[][] = [
    ['ui', '--from', now],
    ['ui', '--from', now, '--format', 'table'],
    ['ui', '--from', now, '--format', 'json'],
    ['ui', '--from', now, '--all', '--bounds'],
    ['ui', '--from', now, '--diff', before],
    ['ui', '--from', now, '--privacy', 'sign in with my password'],
    ['find', '#password', '--from', now],
    ['find', ':password', '--from', now, '--json'],
    ['blocks', '--from', now, '--task', 'sign in with my password'],
    ['blocks', '--from', now, '--task', 'sign in', '--format', 'json'],
    ['tokens', '--from', now],
  ];
  for (const argv of runs) {
    const r = await glance(argv);
    assert.equal(r.code, 0, `${argv.join(' ')}: ${r.stderr}`);
    const out = r.stdout + r.stderr;
    assert.ok(out.length > 0, argv.join(' '));
    for (const secret of [SECRET, 'old-Secret-7']) assert.ok(!out.includes(secret), `${argv.join(' ')} printed the password`);
  }
  // The email next to it is shown: the blanking is for password fields only.
  assert.ok((await glance(['ui', '--from', now])).stdout.includes('ana@example.com'));
});
