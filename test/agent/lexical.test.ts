// What the no-model policy reads from a task and a label: which words count, how much, and when two labels tie.
// The weights are the policy's contract with its own ranking: a name outranks a common word, a word an earlier
// step already used counts little, the app's own name counts little, and a near word (a prefix) less than the word.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { elementWords, packageWords, relevance, taskTerms, terms } from '../../src/agent/lexical.js';

const weights = (task: string, consumed?: string[], app?: Set<string>): Record<string, number> =>
  Object.fromEntries(taskTerms(task, consumed, app).stems);

test('every task word weighs 1; a capitalised word after the first is a name and weighs 1.5', () => {
  assert.deepEqual(weights('email Bob'), { email: 1, bob: 1.5 });
  // The first word is capitalised as a sentence starts, not as a name.
  assert.deepEqual(weights('Email Bob'), { email: 1, bob: 1.5 });
  assert.deepEqual(weights('  Email bob'), { email: 1, bob: 1 });
  // Names beyond ASCII, and a name wholly in capitals.
  assert.equal(weights('call Zoë')['zoë'], 1.5);
  assert.equal(weights('send it to ÁNGEL')['ángel'], 1.5);
  // A capital inside a word (iPhone) or after a digit (4K) does not start a name.
  assert.equal(weights('open the iPhone settings')['phon'], 1);
  assert.equal(weights('play the 4K video')['k'], 1);
  // A first word in capitals is still the sentence's start; the words after a name are not names.
  assert.deepEqual(weights('DCIM photos'), { dcim: 1, photo: 1 });
  assert.deepEqual(weights('call Bob about dinner'), { call: 1, bob: 1.5, dinner: 1 });
  // Every name of the task counts, not only the first.
  const w = weights('move Alice and Bob to DCIM');
  assert.deepEqual([w['alic'], w['bob'], w['dcim']], [1.5, 1.5, 1.5]);
});

test('a word an earlier step used weighs 0.15; a word of the app itself 0.3; the discounts multiply', () => {
  assert.deepEqual(weights('open notes and delete groceries', ['Notes']), { open: 1, note: 0.15, delet: 1, grocery: 1 });
  assert.deepEqual(weights('open notes and delete groceries', [], new Set(['note'])), {
    open: 1,
    note: 0.3,
    delet: 1,
    grocery: 1,
  });
  // A name already used: its part of the task is done, whatever it weighed.
  assert.equal(weights('call Bob', ['Bob'])['bob'], 0.15 * 1.5);
  assert.ok(Math.abs(weights('call Bob', ['Bob'], new Set(['bob']))['bob']! - 0.15 * 0.3 * 1.5) < 1e-12);
  // Every earlier step's words count, each read on its own.
  assert.deepEqual(weights('delete notes', ['Notes', 'Delete']), { delet: 0.15, note: 0.15 });
  // Used words are read the way task words are (stemmed): "deleted" used up "delete".
  assert.equal(weights('delete the photo', ['Deleted'])['delet'], 0.15);
});

test('concepts (UI synonyms) weigh 0.35, and a concept an earlier step used weighs 0.35 × 0.15', () => {
  const tt = taskTerms('delete the picture');
  assert.equal(tt.concepts.get('~photo'), 0.35);
  assert.equal(tt.concepts.get('~delete'), 0.35);
  const used = taskTerms('delete the picture', ['photo']);
  assert.ok(Math.abs(used.concepts.get('~photo')! - 0.35 * 0.15) < 1e-12);
  assert.equal(used.concepts.get('~delete'), 0.35);
});

test("an app's own words: its package after the vendor, without pro/free/lite/android/app", () => {
  assert.deepEqual(packageWords('com.simplemobiletools.gallery.pro'), new Set(['gallery']));
  assert.deepEqual(packageWords('org.fossify.notes.free.android.app'), new Set(['note']));
  assert.deepEqual(packageWords('dev.example.calendar.lite'), new Set(['calendar']));
  // The vendor's words are not the app's: they would match nothing the user names.
  assert.deepEqual(packageWords('com.contacts.dialer'), new Set(['dialer']));
  assert.deepEqual(packageWords('com.example'), new Set());
  assert.deepEqual(packageWords(undefined), new Set());
});

test("an element's words: its text, description, labels, hint and id, nothing it lacks", () => {
  assert.equal(
    elementWords({ text: 'Sign in', desc: 'button', hint: 'Email', id: 'email_field', labels: ['Row'] }),
    'Sign in button Row Email email field',
  );
  assert.equal(elementWords({ id: 'btnSaveNote' }), 'btn save note');
  assert.equal(elementWords({ hint: 'Search' }), 'Search');
  assert.equal(elementWords({}), '');
});

test('relevance: the weights of the task words a label holds, plus its concepts', () => {
  const tt = taskTerms('delete the photo of Bob');
  assert.equal(relevance(tt, terms('Bob')), 1.5);
  assert.equal(relevance(tt, terms('Delete')), 1 + 0.35);
  assert.equal(relevance(tt, terms('Delete photo')), 1 + 1 + 0.35 + 0.35);
  // A synonym alone: the concept's weight only.
  assert.equal(relevance(tt, terms('Picture')), 0.35);
  assert.equal(relevance(tt, terms('Settings')), 0);
  // Rarer words decide more: each word's weight is scaled by its idf.
  const idf = (t: string): number => (t === 'bob' ? 4 : t === '~delete' ? 2 : 1);
  assert.equal(relevance(tt, terms('Bob'), idf), 6);
  assert.equal(relevance(tt, terms('Delete'), idf), 1 + 0.7);
});

test('a long word and a long label word where one begins the other match at 0.7; short words never do', () => {
  // customize / custom: both five letters or more.
  assert.equal(relevance(taskTerms('customize'), terms('Custom')), 0.7);
  assert.equal(relevance(taskTerms('custom'), terms('Customization')), 0.7);
  // A name's weight carries into its prefix match.
  assert.equal(relevance(taskTerms('find Robert'), terms('Roberto')), 0.7 * 1.5);
  const idf = (t: string): number => (t === 'custom' ? 3 : 1);
  assert.ok(Math.abs(relevance(taskTerms('custom'), terms('Customization'), idf) - 0.7 * 3) < 1e-12);
  // Five letters on either side are enough.
  assert.equal(relevance(taskTerms('cloud'), terms('Cloudflare')), 0.7);
  assert.equal(relevance(taskTerms('cloudflare'), terms('Cloud')), 0.7);
  // Under five letters on either side: cat is not catalog, wall is not wallpaper.
  assert.equal(relevance(taskTerms('cat'), terms('catalog')), 0);
  assert.equal(relevance(taskTerms('catalog'), terms('cat')), 0);
  assert.equal(relevance(taskTerms('wallpapers'), terms('wall')), 0);
  // Neither begins the other.
  assert.equal(relevance(taskTerms('settle'), terms('Settings')), 0);
  // Any word of the label may be the one: the match is not on the label's first word only.
  assert.equal(relevance(taskTerms('customize'), terms('Tap to custom')), 0.7);
  // An exact match is worth the full weight, not the prefix's.
  assert.equal(relevance(taskTerms('custom'), terms('custom')), 1);
});
