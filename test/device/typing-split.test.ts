// Long text is cut into several `input text` calls. Wherever the cut falls, the device must type the original:
// a cut between the `%` and the `s` of an encoded space would type "%" and "s" instead of " ". Each plan is run
// through a real /bin/sh with a stand-in `input` that records its arguments, and Android's %s rule applied per call.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { androidInputText, planTyping, typingCommands } from '../../src/device/text.js';

const INPUT = `input() { if [ "$1" = text ]; then printf '%s' "$2"; else printf 'KEY%s' "$2"; fi; printf '\\036'; }`;

function typedOnDevice(cmds: string[]): string {
  const out = spawnSync('sh', ['-c', `${INPUT}\n${cmds.join('\n')}`], { encoding: 'utf8' }).stdout;
  return out
    .split('\x1e')
    .filter((x) => x !== '')
    .map((x) => (x === 'KEY66' ? '\n' : x === 'KEY61' ? '\t' : androidInputText(x)))
    .join('');
}

test('every cut position in a run of spaces types the same text', () => {
  const maxLength = 100; // room per call: floor((100 - 20) / 4) = 20 characters of argument
  for (let prefix = 0; prefix <= 22; prefix++) {
    const text = 'a'.repeat(prefix) + ' '.repeat(30) + 'z';
    const cmds = typingCommands(planTyping(text), maxLength);
    assert.ok(cmds.length > 1, `prefix ${prefix}: expected several calls`);
    for (const c of cmds) {
      assert.ok(c.length <= maxLength, `prefix ${prefix}: ${c.length} bytes`);
      for (const m of c.matchAll(/input text '([^']*)'/g)) assert.doesNotMatch(m[1]!, /%$/, `prefix ${prefix}: a call ends inside %s`);
    }
    assert.equal(typedOnDevice(cmds), text, `prefix ${prefix}`);
  }
});

test('a literal "%s" in the text survives every cut position too', () => {
  for (let prefix = 0; prefix <= 22; prefix++) {
    const text = 'b'.repeat(prefix) + '100%s done, 5% off %% s%s';
    assert.equal(typedOnDevice(typingCommands(planTyping(text), 100)), text, `prefix ${prefix}`);
  }
});
