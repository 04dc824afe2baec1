// Each iOS pass alone, on small hand-built WDA-style trees (points, XCUIElementType names).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { iosElementNode, type IosElement } from '../../src/hierarchy/ios.js';
import type { Bounds, UiDump, UiNode } from '../../src/hierarchy/model.js';
import { fromDump, unwrapLayouts } from '../../src/snapshot/distil.js';
import {
  absorbRedundantLabels,
  collapseKeyboard,
  dropDecorativeChevrons,
  dropEmptyZeroArea,
  dropFieldLabelEchoes,
  dropScrollIndicators,
  dropStatusBar,
  dropTwins,
  iosVocabulary,
  unwrapFullScreen,
} from '../../src/snapshot/ios-passes.js';
import { snapshotFromDump } from '../../src/snapshot/index.js';
import { ctxFor, shape } from './build.js';

function x(type: string, bounds: Bounds, props: Partial<IosElement> = {}, children: UiNode[] = []): UiNode {
  return iosElementNode(type, bounds, props, children);
}

function ios(children: UiNode[], [width, height]: [number, number] = [402, 874]): UiDump {
  return {
    format: 'wda',
    platform: 'ios',
    rotation: 0,
    width,
    height,
    roots: [x('Application', [0, 0, 402, 874], { label: 'App' }, children)],
  };
}

/** The tree after iosVocabulary (short names), then `pass`. */
function run(
  d: UiDump,
  pass: typeof dropStatusBar,
  over: Parameters<typeof ctxFor>[1] = {},
): { shape: string[]; ctx: ReturnType<typeof ctxFor> } {
  const ctx = ctxFor(d, over);
  const roots = pass(iosVocabulary(fromDump(d, ctx.stats), ctx), ctx);
  return { shape: shape(roots), ctx };
}

describe('iOS passes', () => {
  test('iosVocabulary drops the prefix, makes *Button identifiers buttons, turns switch values into state, drops ids that repeat the label', () => {
    const d = ios([
      x('Other', [0, 100, 50, 150], { identifier: 'BackButton', label: 'Back' }),
      x('Switch', [0, 200, 50, 250], { label: 'Wi-Fi', value: '1' }),
      x('StaticText', [0, 300, 50, 350], { label: 'Name', identifier: 'Name' }),
    ]);
    const ctx = ctxFor(d);
    const [app] = iosVocabulary(fromDump(d, ctx.stats), ctx);
    const [back, sw, text] = app!.children;
    assert.deepEqual(
      [app!.cls, back!.cls, back!.clickable, sw!.cls, sw!.text, sw!.checked, sw!.onOff, text!.id],
      ['Application', 'Button', true, 'Switch', '', true, true, ''],
    );
  });

  test('iosVocabulary: only an untyped element is made a button by its identifier; an image keeps its type', () => {
    const d = ios([
      x('Image', [0, 100, 50, 150], { identifier: 'ShareButton' }),
      x('Other', [0, 200, 50, 250], { identifier: 'ShareButton' }),
    ]);
    const ctx = ctxFor(d);
    const [image, other] = iosVocabulary(fromDump(d, ctx.stats), ctx)[0]!.children;
    assert.deepEqual([image!.cls, image!.clickable, image!.id], ['Image', false, 'ShareButton']);
    assert.deepEqual([other!.cls, other!.clickable], ['Button', true]);
  });

  test('iosVocabulary: a toggle reads on/off like a switch; a check box keeps checked', () => {
    const d = ios([
      x('Toggle', [0, 100, 50, 150], { label: 'Bold', value: '1' }),
      x('CheckBox', [0, 200, 50, 250], { label: 'Remember me', value: '1' }),
    ]);
    const ctx = ctxFor(d);
    const [toggle, box] = iosVocabulary(fromDump(d, ctx.stats), ctx)[0]!.children;
    assert.deepEqual([toggle!.cls, toggle!.text, toggle!.checked, toggle!.onOff], ['Toggle', '', true, true]);
    assert.deepEqual([box!.cls, box!.text, box!.checked, box!.onOff], ['CheckBox', '', true, undefined]);
  });

  test('dropEmptyZeroArea keeps an empty-framed container whose content has a frame', () => {
    const d = ios([
      x('Other', [28, 798, 28, 798], {}, [x('SearchField', [33, 803, 309, 841], { placeholder: 'Search' })]),
      x('Other', [5, 5, 5, 5]),
    ]);
    const { shape: s, ctx } = run(d, dropEmptyZeroArea);
    assert.deepEqual(s, ['Application~App', ' Other', '  SearchField']);
    assert.equal(ctx.stats.zeroArea, 1);
  });

  test('dropStatusBar removes small leaves in the top 50 pt by position, whatever they say, and keeps buttons and content below', () => {
    const d = ios([
      x('Other', [0, 0, 402, 54], {}, [
        x('StaticText', [56, 22, 92, 42], { label: '9:41' }),
        x('Other', [315, 26, 332, 38], { identifier: '3 of 3 Wi-Fi bars', value: 'SSID' }),
        x('Button', [10, 20, 80, 44], { label: '◀ Safari' }),
      ]),
      x('StaticText', [20, 80, 200, 110], { label: 'Title' }),
    ]);
    assert.deepEqual(run(d, dropStatusBar).shape, ['Application~App', ' Other', '  Button~◀ Safari', ' StaticText~Title']);
    assert.equal(run(d, dropStatusBar, { all: true }).shape.length, 6);
  });

  test('dropScrollIndicators: a bar with only a thin thumb, or a leaf bar valued in percent; text of the same shape stays', () => {
    const d = ios([
      x('Other', [369, 132, 399, 812], { label: 'Vertical scroll bar, 2 pages', value: '0%' }, [x('Other', [396, 816, 399, 823])]),
      x('Other', [62, 649, 266, 679], { label: 'Horizontal scroll bar, 1 page', value: '0%' }, [x('Other', [65, 676, 263, 679])]),
      x('Other', [62, 807, 340, 837], { label: 'Barre de défilement', value: '100 %' }),
      x('StaticText', [68, 490, 238, 510], { label: 'Trailblaze Codex0426' }),
    ]);
    assert.deepEqual(run(d, dropScrollIndicators).shape, ['Application~App', ' StaticText~Trailblaze Codex0426']);
  });

  test('dropStatusBar: an item as large as a status item can be (120 pt wide, 30 pt high, ending at 50 pt) is chrome, counted', () => {
    const d = ios([x('StaticText', [0, 20, 120, 50], { label: 'Carrier' }), x('StaticText', [0, 20, 121, 50], { label: 'Wide title' })]);
    const { shape: s, ctx } = run(d, dropStatusBar);
    assert.deepEqual(s, ['Application~App', ' StaticText~Wide title']);
    assert.equal(ctx.stats.chrome, 1);
  });

  test('dropStatusBar: on a narrow screen an item is small up to a third of the width; with no width known, up to 120 pt', () => {
    const items = (): UiNode[] => [
      x('StaticText', [0, 20, 100, 44], { label: 'Carrier' }),
      x('StaticText', [0, 20, 110, 44], { label: 'Title' }),
    ];
    // 320 pt (iPhone SE): a third is 106.7 pt.
    assert.deepEqual(run(ios(items(), [320, 568]), dropStatusBar).shape, ['Application~App', ' StaticText~Title']);
    assert.deepEqual(run(ios(items(), [0, 0]), dropStatusBar).shape, ['Application~App']);
  });

  test('dropScrollIndicators: the limits of a thumb (4 pt thick) and of a bar (8 times as long as thick), counted as chrome', () => {
    const d = ios([
      x('Other', [369, 132, 399, 812], { label: 'Vertical scroll bar, 2 pages', value: '0%' }, [x('Other', [395, 140, 399, 300])]),
      x('Other', [62, 807, 142, 817], { label: 'Horizontal scroll bar, 1 page', value: '0%' }),
    ]);
    const { shape: s, ctx } = run(d, dropScrollIndicators);
    assert.deepEqual(s, ['Application~App']);
    assert.equal(ctx.stats.chrome, 3);
  });

  test('dropScrollIndicators keeps what only looks like one: progress, sliders, texts and controls valued in percent', () => {
    const d = ios([
      // Shapes: a drawn bar thicker than a thumb, a labelled line, two thin segments, no value at all.
      x('Other', [20, 100, 220, 130], { label: 'Download', value: '45%' }, [x('Other', [20, 110, 110, 120])]),
      x('Other', [20, 140, 220, 170], { label: 'Track', value: '30%' }, [x('Other', [20, 150, 220, 152], { label: 'Elapsed' })]),
      x('Other', [20, 180, 220, 210], { label: 'Steps', value: '50%' }, [
        x('Other', [20, 190, 100, 192]),
        x('Other', [110, 190, 200, 192]),
      ]),
      x('Other', [20, 220, 220, 250], { label: 'Divider' }, [x('Other', [20, 230, 220, 232])]),
      // Leaves: not a bar, not a bare percentage, not a scroll bar type, or a control.
      x('Other', [20, 260, 60, 280], { label: 'Battery', value: '80%' }),
      x('Other', [20, 290, 220, 300], { label: 'Upload', value: 'Loaded 50%' }),
      x('Other', [20, 310, 220, 320], { label: 'Upload', value: '50% done' }),
      x('ProgressIndicator', [20, 330, 220, 334], { label: 'Download', value: '45%' }),
      x('StaticText', [20, 340, 220, 360], { label: 'Battery level', value: '75%' }),
      x('Other', [20, 370, 220, 380], { label: 'Volume', value: '50%', clickable: true }),
    ]);
    const { shape: s, ctx } = run(d, dropScrollIndicators);
    assert.deepEqual(
      s.filter((l) => l.startsWith(' ') && !l.startsWith('  ')),
      [
        ' Other:45%~Download',
        ' Other:30%~Track',
        ' Other:50%~Steps',
        ' Other~Divider',
        ' Other:80%~Battery',
        ' Other:Loaded 50%~Upload',
        ' Other:50% done~Upload',
        ' ProgressIndicator:45%~Download',
        ' StaticText:75%~Battery level',
        ' Other:50%~Volume',
      ],
    );
    assert.equal(ctx.stats.chrome, 0);
  });

  test('dropDecorativeChevrons drops chevron glyphs on rows, not buttons', () => {
    const d = ios([
      x('Cell', [20, 600, 382, 655], { label: 'mobile' }, [
        x('Image', [145, 621, 156, 636], { identifier: 'chevron.forward', label: 'Forward' }),
        x('Button', [345, 621, 376, 636], { identifier: 'chevron.right', label: 'More' }),
      ]),
    ]);
    assert.deepEqual(run(d, dropDecorativeChevrons).shape, ['Application~App', ' Cell~mobile', '  Button~More']);
  });

  test('dropDecorativeChevrons: a glyph is at most 24 pt each way and has nothing inside; counted as chrome', () => {
    const d = ios([
      x('Image', [100, 100, 124, 124], { identifier: 'chevron.forward' }),
      x('Image', [100, 200, 125, 210], { identifier: 'chevron.right' }),
      x('Image', [100, 300, 110, 325], { identifier: 'chevron.down' }),
      x('Other', [100, 400, 124, 424], { identifier: 'chevron.down' }, [x('StaticText', [100, 400, 124, 424], { label: 'More' })]),
    ]);
    const { shape: s, ctx } = run(d, dropDecorativeChevrons);
    assert.deepEqual(s, ['Application~App', ' Image', ' Image', ' Other', '  StaticText~More']);
    assert.equal(ctx.stats.chrome, 1);
  });

  test('collapseKeyboard: the action key is the lowest labelled key, then the rightmost; rows allow 2 pt of slack', () => {
    const board = (keys: UiNode[]): UiDump =>
      ios([
        x('Keyboard', [0, 560, 402, 874], {}, [
          x('Other', [0, 560, 402, 874], {}, [x('Other', [0, 760, 402, 874], { label: 'Bottom row' }, keys)]),
        ]),
      ]);
    const key = (label: string, l: number, r: number, bottom: number): UiNode => x('Key', [l, bottom - 40, r, bottom], { label });
    const action = (keys: UiNode[]): string => run(board(keys), collapseKeyboard).shape[1]!;
    // First in the dump, higher keys after it, one further right.
    assert.equal(action([key('Go', 300, 398, 840), key('q', 0, 38, 640), key('p', 360, 400, 640)]), ' Keyboard [Go]');
    // Bottoms 2 pt apart are one row: the rightmost wins, in either order.
    assert.equal(action([key('Go', 300, 398, 840), key('space', 100, 290, 842)]), ' Keyboard [Go]');
    assert.equal(action([key('space', 100, 290, 842), key('Go', 300, 398, 840)]), ' Keyboard [Go]');
    // 3 pt lower is the row below.
    assert.equal(action([key('Go', 300, 398, 840), key('space', 100, 290, 843)]), ' Keyboard [space]');
    // A key reported twice on one frame: the first found.
    assert.equal(action([key('Go', 300, 398, 840), key('return', 300, 398, 840)]), ' Keyboard [Go]');
    // An unlabelled drawn icon at the bottom right is no key.
    assert.equal(action([key('Go', 300, 380, 840), x('Other', [382, 800, 402, 874])]), ' Keyboard [Go]');
  });

  test('collapseKeyboard leaves a keyboard without children as it is', () => {
    const d = ios([x('Keyboard', [0, 560, 402, 874], { label: 'Emoji' })]);
    const { shape: s, ctx } = run(d, collapseKeyboard);
    assert.deepEqual(s, ['Application~App', ' Keyboard~Emoji']);
    assert.equal(ctx.stats.absorbed, 0);
  });

  test('collapseKeyboard leaves one element labelled with the bottom-right key', () => {
    const keys = ['q', 'w', 'e'].map((k, i) => x('Key', [i * 40, 600, i * 40 + 38, 640], { label: k }));
    const d = ios([
      x('Keyboard', [0, 560, 402, 874], {}, [
        x('Other', [0, 560, 402, 874], {}, [
          ...keys,
          x('Key', [0, 800, 90, 840], { label: 'space' }),
          x('Button', [300, 800, 400, 840], { label: 'Done' }),
        ]),
      ]),
    ]);
    const { shape: s, ctx } = run(d, collapseKeyboard);
    assert.deepEqual(s, ['Application~App', ' Keyboard [Done]']);
    assert.equal(ctx.stats.absorbed, 6);
  });

  test('collapseKeyboard: a keyboard whose keys carry no label collapses to a bare Keyboard, which stays an element', () => {
    const keys = [0, 1, 2].map((i) => x('Key', [i * 40, 600, i * 40 + 38, 640]));
    const d = ios([x('Keyboard', [0, 560, 402, 874], {}, keys)]);
    const { shape: s, ctx } = run(d, collapseKeyboard);
    assert.deepEqual(s, ['Application~App', ' Keyboard']);
    assert.equal(ctx.stats.absorbed, 3);
    const roots = unwrapLayouts(collapseKeyboard(iosVocabulary(fromDump(d), ctx), ctx), ctx);
    assert.deepEqual(shape(roots), ['Application~App', ' Keyboard']);
  });

  test('unwrapFullScreen replaces screen-sized wrappers by their children; a full-screen list stays', () => {
    const d = ios([
      x('Other', [0, 0, 402, 874], { label: 'Activate to dismiss' }, [x('Button', [0, 700, 402, 760], { label: 'Cancel' })]),
      x('Table', [0, 0, 402, 874], {}, [x('Cell', [0, 100, 402, 150], { label: 'Row' })]),
    ]);
    const { shape: s, ctx } = run(d, unwrapFullScreen);
    assert.deepEqual(s, [' Button~Cancel'.trim(), 'Table', ' Cell~Row']);
    assert.equal(ctx.stats.unwrapped, 2);
  });

  test('unwrapFullScreen does nothing when the screen size is unknown', () => {
    const d = ios([x('Other', [0, 0, 402, 874], { label: 'Window' }, [x('Button', [0, 700, 402, 760], { label: 'Cancel' })])], [0, 0]);
    assert.deepEqual(run(d, unwrapFullScreen).shape, ['Application~App', ' Other~Window', '  Button~Cancel']);
  });

  test('absorbRedundantLabels folds texts that repeat their container, through unlabelled layers, and photos that name it', () => {
    const d = ios([
      x('Other', [2, 154, 386, 214], { label: 'John Appleseed' }, [
        x('Other', [18, 154, 58, 214], {}, [x('Image', [18, 164, 58, 204], { label: 'Contact photo for John Appleseed' })]),
        x('Other', [58, 154, 386, 214], {}, [x('StaticText', [68, 174, 194, 194], { label: 'John Appleseed' })]),
        x('Other', [300, 170, 330, 200], { label: 'Remove John' }, [x('Image', [300, 170, 330, 200], { label: 'remove' })]),
      ]),
    ]);
    const s = run(d, absorbRedundantLabels).shape;
    assert.deepEqual(
      s.filter((l) => l.includes('~')),
      ['Application~App', ' Other~John Appleseed', '  Other~Remove John'],
    );
  });

  test('absorbRedundantLabels: every label must repeat the container, in any case; layers stay; controls stay; moved-up children', () => {
    const d = ios([
      x('Other', [0, 100, 402, 300], { label: 'Kate Bell' }, [
        x('Other', [0, 100, 402, 150], {}, [x('StaticText', [10, 110, 100, 140], { label: 'KATE BELL' })]),
        x('StaticText', [10, 160, 100, 190], { label: 'Mobile', value: 'Kate Bell' }),
        x('Button', [300, 160, 400, 190], { label: 'Kate Bell' }),
        x('Other', [10, 200, 200, 290], { label: 'kate bell' }, [x('Button', [10, 200, 60, 250], { label: 'Call' })]),
        x('Image', [300, 200, 340, 240], { label: 'Photo of Jack' }),
      ]),
    ]);
    const { shape: s, ctx } = run(d, absorbRedundantLabels);
    assert.deepEqual(s, [
      'Application~App',
      ' Other~Kate Bell',
      '  Other',
      '  StaticText:Kate Bell~Mobile',
      '  Button~Kate Bell',
      '  Button~Call',
      '  Image~Photo of Jack',
    ]);
    assert.equal(ctx.stats.absorbed, 2);
  });

  test('absorbRedundantLabels: a photo names the container by its first label, a trailing blank aside', () => {
    const d = ios([
      x('Cell', [0, 100, 402, 160], { label: 'Kate Bell ', value: 'mobile' }, [
        x('Image', [10, 110, 50, 150], { label: 'Contact photo for Kate Bell' }),
      ]),
    ]);
    assert.deepEqual(run(d, absorbRedundantLabels).shape, ['Application~App', ' Cell:mobile~Kate Bell ']);
  });

  test('dropTwins drops a repeated sibling and a leaf repeating its labelled ancestor', () => {
    const d = ios([
      x('Button', [20, 66, 96, 102], { label: 'Cancel' }, [
        x('Other', [20, 66, 96, 102], {}, [x('Button', [20, 66, 96, 102], { label: 'Cancel' })]),
      ]),
      x('Button', [275, 811, 293, 833], { label: 'Dictate' }),
      x('Button', [275, 811, 293, 833], { label: 'Dictate' }),
    ]);
    assert.deepEqual(
      run(d, dropTwins).shape.filter((l) => l.includes('~')),
      ['Application~App', ' Button~Cancel', ' Button~Dictate'],
    );
  });

  test('dropTwins: a leaf is its labelled ancestor again only with the same type, label, value and id, inside its frame', () => {
    const at = (b: Bounds, props: Partial<IosElement> = {}): UiNode => x('Button', b, { label: 'Cancel', ...props });
    const d = ios([
      x('Button', [20, 66, 96, 102], { label: 'Cancel' }, [
        x('StaticText', [20, 66, 96, 102], { label: 'Cancel' }),
        at([20, 66, 96, 102], { value: 'x' }),
        at([20, 66, 96, 102], { identifier: 'cancel' }),
        at([19, 66, 96, 102]),
        at([20, 65, 96, 102]),
        at([20, 66, 97, 102]),
        at([20, 66, 96, 103]),
        at([22, 68, 94, 100]),
      ]),
    ]);
    const { shape: s, ctx } = run(d, dropTwins);
    assert.deepEqual(s, [
      'Application~App',
      ' Button~Cancel',
      '  StaticText~Cancel',
      '  Button:x~Cancel',
      '  Button~Cancel',
      '  Button~Cancel',
      '  Button~Cancel',
      '  Button~Cancel',
      '  Button~Cancel',
    ]);
    assert.equal(ctx.stats.absorbed, 1);
  });

  test('dropTwins: siblings on one frame are twins only field by field (label "Track 1" valued 2 is not "Track 12")', () => {
    const d = ios([x('Cell', [0, 100, 402, 150], { label: 'Track 1', value: '2' }), x('Cell', [0, 100, 402, 150], { label: 'Track 12' })]);
    assert.deepEqual(run(d, dropTwins).shape, ['Application~App', ' Cell:2~Track 1', ' Cell~Track 12']);
  });

  test('dropFieldLabelEchoes leaves the label of what is not a field, even when it equals a placeholder', () => {
    const d = ios([x('StaticText', [36, 390, 366, 412], { label: 'Name', placeholder: 'Name' })]);
    assert.deepEqual(run(d, dropFieldLabelEchoes).shape, ['Application~App', ' StaticText~Name']);
  });

  test('dropFieldLabelEchoes: a field label equal to its placeholder goes', () => {
    const d = ios([x('TextField', [36, 390, 366, 412], { label: 'First name', placeholder: 'First name', value: 'Kate' })]);
    assert.deepEqual(run(d, dropFieldLabelEchoes).shape, ['Application~App', ' TextField:Kate']);
  });
});

describe('iOS snapshot', () => {
  const form = ios([
    x('NavigationBar', [0, 62, 402, 116], { identifier: 'Settings' }, [x('Button', [16, 66, 80, 102], { label: 'Done' })]),
    x('Table', [0, 116, 402, 874], {}, [
      x('Cell', [0, 120, 402, 170], {}, [
        x('StaticText', [16, 130, 200, 160], { label: 'Wi-Fi' }),
        x('Switch', [330, 130, 380, 160], { label: 'Wi-Fi', value: '1' }),
      ]),
      x('Cell', [0, 170, 402, 220], {}, [
        x('StaticText', [16, 180, 200, 210], { label: 'Ringtone' }),
        x('Image', [370, 185, 380, 200], { identifier: 'chevron.forward' }),
      ]),
      x('SecureTextField', [16, 230, 386, 270], { label: 'Password', value: 'hunter2' }),
      x('TextField', [16, 280, 386, 320], { identifier: 'name', placeholder: 'Name' }),
    ]),
  ]);

  test('native names, [on] switches, cells with their labels, no password value', () => {
    const s = snapshotFromDump(form);
    const lines = s.text
      .trim()
      .split('\n')
      .map((l) => l.replace(/^(\s*)[a-z]\d+ /, '$1'));
    assert.deepEqual(lines, [
      'Button Done',
      'Table [4 items]',
      ' Wi-Fi',
      '  Switch Wi-Fi [on]',
      ' Ringtone',
      ' SecureTextField Password [password]',
      ' TextField hint=Name',
    ]);
    assert.ok(!s.text.includes('hunter2'));
    assert.ok(!s.elements.some((e) => JSON.stringify(e).includes('hunter2')));
  });

  test('selectors work unchanged: Button:has-text, #id, :checked', async () => {
    const { findElements } = await import('../../src/snapshot/index.js');
    const s = snapshotFromDump(form);
    assert.equal(findElements(s, 'Button:has-text("Done")').length, 1);
    assert.equal(findElements(s, '#name')[0]?.class, 'TextField');
    assert.equal(findElements(s, 'Switch:checked').length, 1);
  });
});
