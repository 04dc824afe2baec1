// Words for lexical ranking (src/privacy/text.ts), rule by rule with the results written out: the light stemmer at
// each length limit, splitting ids and labels into words, stop words, UI synonyms, quoted strings, and the labels
// an element shows.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { elementLabels, quoted, stem, terms, words } from '../../src/privacy/text.js';

const stems = (ws: string[]): Record<string, string> => Object.fromEntries(ws.map((w) => [w, stem(w)]));

describe('stem', () => {
  test('words of three letters or fewer, and words with digits, are kept', () => {
    assert.deepEqual(stems(['bus', 'ads', 'mp3s', 'runs']), { bus: 'bus', ads: 'ads', mp3s: 'mp3s', runs: 'run' });
  });

  test('plurals: -ies (past four letters), -sses, -es after ch/sh/x/z/ss, else -s but not -ss, -us, -is', () => {
    assert.deepEqual(
      stems([
        'flies',
        'ties',
        'classes',
        'esses',
        'boxes',
        'watches',
        'wishes',
        'buzzes',
        'notes',
        'photos',
        'glass',
        'status',
        'analysis',
      ]),
      {
        flies: 'fly',
        ties: 'tie',
        classes: 'class',
        esses: 'ess',
        boxes: 'box',
        watches: 'watch',
        wishes: 'wish',
        buzzes: 'buzz',
        notes: 'note',
        photos: 'photo',
        glass: 'glass',
        status: 'status',
        analysis: 'analysis',
      },
    );
  });

  test('-ing past five letters, -ed past four (not -eed), -ation past six, -ion past five', () => {
    assert.deepEqual(stems(['sorting', 'string', 'bring', 'fixed', 'bred', 'agreed', 'rotation', 'station', 'nation', 'motion', 'union']), {
      sorting: 'sort',
      string: 'str',
      bring: 'bring',
      fixed: 'fix',
      bred: 'bred',
      agreed: 'agreed',
      rotation: 'rot',
      station: 'st',
      nation: 'nat',
      motion: 'mot',
      union: 'union',
    });
  });

  test('a doubled final consonant past four letters loses one; a final e past four letters goes', () => {
    assert.deepEqual(
      stems(['stopped', 'dropping', 'running', 'scroll', 'letters', 'grass', 'theme', 'make', 'delete', 'deleted', 'deletion']),
      {
        stopped: 'stop',
        dropping: 'drop',
        running: 'runn',
        scroll: 'scrol',
        letters: 'letter',
        grass: 'grass',
        theme: 'them',
        make: 'make',
        delete: 'delet',
        deleted: 'delet',
        deletion: 'delet',
      },
    );
  });
});

describe('words', () => {
  test('ids and labels split at underscores, case changes and non-letters, lowercased; +, ⋮ and … are words', () => {
    assert.deepEqual(words('top_toolbar_search'), ['top', 'toolbar', 'search']);
    assert.deepEqual(words('menuRotate'), ['menu', 'rotate']);
    assert.deepEqual(words('URLEncoder'), ['url', 'encoder']);
    assert.deepEqual(words('item2Name'), ['item2', 'name']);
    assert.deepEqual(words('Sort by'), ['sort', 'by']);
    assert.deepEqual(words('⋮ more…'), ['⋮', 'more', '…']);
    assert.deepEqual(words('a+b'), ['a', '+', 'b']);
    assert.deepEqual(words('-- --'), []);
  });
});

describe('terms', () => {
  test('stop words out (kept on request), stems in, synonyms as concepts', () => {
    const t = terms('Open the app Preferences and add a new note');
    assert.deepEqual([...t.stems], ['open', 'preferenc', 'add', 'new', 'note']);
    assert.deepEqual([...t.concepts], ['~open', '~settings', '~add', '~note']);
    assert.deepEqual([...terms('the app', true).stems], ['the', 'app']);
    assert.deepEqual([...terms('the app').stems], []);
  });

  test('words of one concept meet: ⋮ and more options, + and create, trash and delete', () => {
    assert.deepEqual([...terms('⋮').concepts], ['~more']);
    assert.deepEqual([...terms('More options').concepts], ['~more']);
    assert.deepEqual([...terms('+').concepts], ['~add']);
    assert.deepEqual([...terms('create').concepts], ['~add']);
    assert.deepEqual([...terms('Trash').concepts], ['~delete']);
    assert.deepEqual([...terms('Customization').concepts], ['~settings']);
    assert.deepEqual([...terms('Groceries').concepts], []);
  });
});

describe('the UI vocabulary', () => {
  test('every listed word meets its concept, named by the first word of its list', () => {
    const vocabulary: [string, string[]][] = [
      [
        '~settings',
        ['settings', 'setting', 'preferences', 'preference', 'prefs', 'config', 'configure', 'configuration', 'customize', 'customization'],
      ],
      ['~more', ['more', 'overflow', 'options', 'menu', '⋮', '…', 'kebab']],
      ['~add', ['add', 'new', 'create', 'plus', '+', 'fab', 'compose', 'insert']],
      ['~delete', ['delete', 'remove', 'trash', 'bin', 'discard', 'erase']],
      ['~search', ['search', 'find', 'lookup', 'query', 'filter']],
      ['~ok', ['ok', 'confirm', 'done', 'apply', 'yes', 'accept', 'button1']],
      ['~save', ['save', 'store', 'keep']],
      ['~cancel', ['cancel', 'dismiss', 'no', 'close', 'button2']],
      ['~edit', ['edit', 'rename', 'modify', 'change']],
      ['~share', ['share', 'send']],
      ['~photo', ['photo', 'picture', 'pic', 'image', 'img', 'selfie', 'shot', 'snapshot']],
      ['~video', ['video', 'movie', 'record', 'recording', 'clip', 'film']],
      ['~call', ['call', 'dial', 'dialpad', 'phone', 'ring']],
      ['~contact', ['contact', 'contacts', 'people', 'person']],
      ['~sort', ['sort', 'order', 'arrange', 'ascending', 'descending']],
      ['~play', ['play', 'start', 'resume']],
      ['~pause', ['pause', 'stop', 'halt']],
      ['~next', ['next', 'forward', 'skip']],
      ['~previous', ['previous', 'prev', 'back', 'rewind']],
      ['~favorite', ['favorite', 'favourite', 'star', 'starred', 'bookmark']],
      ['~folder', ['folder', 'directory', 'dir', 'album']],
      ['~theme', ['theme', 'color', 'colour', 'appearance', 'dark', 'light']],
      ['~font', ['font', 'text', 'size', 'zoom']],
      ['~timer', ['timer', 'countdown']],
      ['~alarm', ['alarm', 'wake']],
      ['~stopwatch', ['stopwatch', 'lap']],
      ['~rotate', ['rotate', 'rotation', 'turn']],
      ['~crop', ['crop', 'trim', 'cut']],
      ['~flash', ['flash', 'torch', 'flashlight']],
      ['~switch', ['switch', 'toggle', 'flip', 'front', 'rear']],
      ['~shutter', ['shutter', 'capture', 'take']],
      ['~open', ['open', 'launch', 'view', 'show']],
      ['~hide', ['hide', 'hidden', 'invisible']],
      ['~tab', ['tab', 'tabs', 'page']],
      ['~url', ['url', 'address', 'website', 'site', 'web', 'link', 'go']],
      ['~history', ['history', 'recent', 'recents', 'log']],
      ['~column', ['column', 'columns', 'grid']],
      ['~note', ['note', 'notes', 'memo', 'checklist']],
      ['~music', ['music', 'song', 'track', 'audio', 'playlist', 'artist']],
      ['~name', ['name', 'title', 'label', 'called', 'filename']],
    ];
    for (const [concept, list] of vocabulary)
      for (const w of list) {
        // "called" stems to "call", which the call list holds first: it meets ~call, not ~name.
        const want = w === 'called' ? '~call' : concept;
        assert.deepEqual([...terms(w, true).concepts], [want], w);
      }
  });
});

describe('quoted', () => {
  test('single, double and typographic quotes; up to 80 characters', () => {
    assert.deepEqual(quoted(`search 'Clock' then "Alarm 2" then ‘Timer’ then “Stop watch”`), ['Clock', 'Alarm 2', 'Timer', 'Stop watch']);
    assert.deepEqual(quoted(`name it '${'x'.repeat(80)}'`), ['x'.repeat(80)]);
    assert.deepEqual(quoted(`name it '${'x'.repeat(81)}'`), []);
    assert.deepEqual(quoted('no quotes here'), []);
  });
});

describe('elementLabels', () => {
  test('text, description, then merged labels: empty ones and repeats left out', () => {
    assert.deepEqual(elementLabels({ text: 'A', desc: 'A', labels: ['B', '', 'A', 'C'] }), ['A', 'B', 'C']);
    assert.deepEqual(elementLabels({ text: '', desc: 'Search' }), ['Search']);
    assert.deepEqual(elementLabels({}), []);
  });
});
