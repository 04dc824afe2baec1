// Which test files are in the full tier (`npm run test:full`) rather than the quick one (`npm test`): files that
// check every screen of the corpus against its golden, replay the corpus's benchmark, drive a browser, decode the
// largest APKs, or pack and install the package. A developer
// changing one room need not wait for them on every run; CI runs both tiers. What they cover is also covered,
// more quickly, by each room's own tests in the quick tier; these catch drift across the whole corpus.
export const FULL = [
  // Corpus-wide goldens: every corpus screen's tree, table and JSON, and the invariants over all of them.
  'test/snapshot/golden.test.ts',
  'test/snapshot/golden-invariants.test.ts',
  'test/snapshot/ios-corpus.test.ts',
  // Every DroidTask screen read by both Android backends through the real adb server (the demo app's screens are
  // compared the same way in test/device/uia2-cli.test.ts, in the quick tier).
  'test/virtual/backends-agree.test.ts',
  // Marked screenshots of corpus screens, pixel for pixel.
  'test/image/golden.test.ts',
  // Chromium: the UI Map's HTML view laid out and drawn in a browser.
  'test/uimap/html-layout.test.ts',
  'test/uimap/cli-html.test.ts',
  // The 18 MB APK and the framework's 31 MB resource table against Debian's aapt.
  'test/uimap/apk-agree-large.test.ts',
  // Every shared app's source parsed and mapped whole.
  'test/uimap/shared-parse.test.ts',
  // The agent benchmark replayed over the corpus's tasks (oracle, random and heuristic; the model policies).
  'test/agent/bench.test.ts',
  'test/agent/bench-models.test.ts',
  // The navigation benchmark over every pair of the shared iOS Contacts trailmap.
  'test/agent/trailmap-ios-bench.test.ts',
  // The package: packed and installed offline in an empty folder; its declaration surface against the API golden.
  'test/package/pack.test.ts',
  'test/package/package.test.ts',
];
