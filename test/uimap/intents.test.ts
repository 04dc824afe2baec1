// How the map finds the screen a start opens, each rule on a small authored app: implicit intents matched against
// intent filters the way the system resolves them (CATEGORY_DEFAULT, data schemes, data-less filters), activities
// named by a string, library activities named through imports, and one activity declared in two manifests.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { activity, buttonsLayout, edgeLines, emptyActivity, kotlinMain, mapAuthored, warningCounts } from './authored.js';

const PKG = 'org.i';
const filter = (action: string, extra: string): string =>
  `<intent-filter><action android:name="android.intent.action.${action}"/>${extra}</intent-filter>`;
const DEFAULT = '<category android:name="android.intent.category.DEFAULT"/>';

describe('implicit intents', () => {
  test('an intent opens the activities whose filter takes its action, category and data', async () => {
    const buttons = ['geo', 'either', 'market', 'send', 'send_geo', 'home', 'named', 'pick'];
    const map = await mapAuthored({
      pkg: PKG,
      application: [
        activity('.Main', true),
        `<activity android:name=".Maps">${filter('VIEW', `${DEFAULT}<data android:scheme="geo"/>`)}</activity>`,
        // no CATEGORY_DEFAULT: an implicit start never reaches it
        `<activity android:name=".Store">${filter('VIEW', '<data android:scheme="market"/>')}</activity>`,
        `<activity android:name=".Share">${filter('SEND', DEFAULT)}</activity>`,
        activity('.Pick'),
      ].join(''),
      res: {
        'layout/main.xml': buttonsLayout(buttons),
      },
      code: {
        'Main.kt': kotlinMain(PKG, [
          'geo.setOnClickListener {',
          '  startActivity(Intent(Intent.ACTION_VIEW).apply {',
          '    data = Uri.parse("geo:0,0?q=cafe")',
          '  })',
          '}',
          'either.setOnClickListener { startActivity(Intent(Intent.ACTION_VIEW, Uri.parse(if (wide) "https://example.org" else "geo:1,2"))) }',
          'market.setOnClickListener { startActivity(Intent(Intent.ACTION_VIEW, Uri.parse("market://details?id=x"))) }',
          'send.setOnClickListener { startActivity(Intent(Intent.ACTION_SEND)) }',
          'send_geo.setOnClickListener { startActivity(Intent(Intent.ACTION_SEND, Uri.parse("geo:3,4"))) }',
          'home.setOnClickListener { startActivity(Intent(Intent.ACTION_MAIN).addCategory(Intent.CATEGORY_HOME)) }',
          'named.setOnClickListener { startActivity(Intent().setClassName(this, "org.i.Share")) }',
          'pick.setOnClickListener { startActivityForResult(Intent().setClassName(this, "org.i.Pick"), 1) }',
        ]),
        ...Object.fromEntries(['Maps', 'Store', 'Share', 'Pick'].map((a) => emptyActivity(PKG, a))),
      },
    });
    assert.equal(warningCounts(map).SYNTAX_ERROR, undefined);
    assert.deepEqual(edgeLines(map, PKG), [
      // one of the schemes the intent may carry is the filter's
      'Main -click either-> Maps',
      // the scheme is set in a block just below the action
      'Main -click geo-> Maps',
      'Main -click named-> Share',
      'Main -click pick-> Pick',
      // a filter without data takes an intent without data only (send_geo goes nowhere)
      'Main -click send-> Share',
    ]);
    const kinds = Object.fromEntries(map.transitions.map((t) => [t.trigger?.element, t.kind]));
    assert.deepEqual(kinds, { geo: 'implicit', either: 'implicit', send: 'implicit', named: 'explicit', pick: 'result' });
  });
});

describe('activities of libraries whose sources are not given', () => {
  test('named through a wildcard import, fully qualified, or declared in the manifest', async () => {
    const buttons = ['blocked', 'about', 'licenses', 'settings', 'back_to_caller'];
    const map = await mapAuthored({
      pkg: PKG,
      application: `${activity('.Main', true)}${activity('com.lib.screens.SettingsActivity')}`,
      res: {
        'layout/main.xml': buttonsLayout(buttons),
      },
      code: {
        'Main.kt': kotlinMain(
          PKG,
          [
            'blocked.setOnClickListener { startActivity(Intent(this, BlockedActivity::class.java)) }',
            'licenses.setOnClickListener { startActivity(Intent(this, com.vendor.ui.LicensesActivity::class.java)) }',
            'back_to_caller.setOnClickListener { startActivity(Intent(this, callerActivity::class.java)) }',
            'about.setOnClickListener { Screens.about(this) }',
            'settings.setOnClickListener { Screens.settings(this) }',
          ],
          ['com.lib.*'],
        ),
        'Screens.java': `package ${PKG};
import com.lib.util.*;
import com.lib.activities.*;
import com.lib.screens.*;
public class Screens {
  public static void about(Activity a) { a.startActivity(new Intent(a, AboutActivity.class)); }
  public static void settings(Activity a) { a.startActivity(new Intent(a, SettingsActivity.class)); }
}`,
      },
    });
    assert.equal(warningCounts(map).SYNTAX_ERROR, undefined);
    assert.deepEqual(edgeLines(map, PKG), [
      'Main -click about-> com.lib.activities.AboutActivity',
      'Main -click blocked-> com.lib.BlockedActivity',
      'Main -click licenses-> com.vendor.ui.LicensesActivity',
      'Main -click settings-> com.lib.screens.SettingsActivity',
    ]);
    assert.deepEqual(
      map.activities.map((a) => [a.name, a.declared ?? true]),
      [
        ['org.i.Main', true],
        ['com.lib.screens.SettingsActivity', true],
        ['com.lib.BlockedActivity', false],
        ['com.lib.activities.AboutActivity', false],
        ['com.vendor.ui.LicensesActivity', false],
      ],
    );
    // a variable's class names no screen
    assert.equal(warningCounts(map).INTENT_TARGET_UNKNOWN, 1);
  });
});

describe('one activity in two manifests', () => {
  test('launcher from either, the first label kept, a missing label filled in', async () => {
    const map = await mapAuthored({
      pkg: PKG,
      application:
        '<activity android:name=".Main" android:label="App">' +
        filter('MAIN', '<category android:name="android.intent.category.LAUNCHER"/>') +
        '</activity><activity android:name=".Tools"/>',
      more: [
        '<activity android:name=".Main" android:label="Debug"/><activity android:name=".Tools" android:label="Tools">' +
          filter('MAIN', '<category android:name="android.intent.category.LAUNCHER"/>') +
          '</activity>',
      ],
      code: Object.fromEntries(['Main', 'Tools'].map((a) => emptyActivity(PKG, a))),
    });
    assert.equal(warningCounts(map).SYNTAX_ERROR, undefined);
    assert.deepEqual(
      map.activities.map((a) => [a.name, a.launcher ?? false, a.label]),
      [
        ['org.i.Main', true, 'App'],
        ['org.i.Tools', true, 'Tools'],
      ],
    );
  });
});
