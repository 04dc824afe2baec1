// `npm run mutate -- <layer…> [--files src/a.ts,src/b.ts] [--tests test/a.test.ts,…]`: StrykerJS over one layer
// (or only the named files), with the test folders that exercise that layer (or only the named tests: a scoped run
// on what a change touches; slow corpus-wide tests such as the goldens are then left out). Incremental: a second run re-tests only mutants whose code or
// tests changed (reports/mutation/<name>.incremental.json), so a layer takes minutes on two cores.
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

const layers = {
  hierarchy: { src: ['src/hierarchy/**/*.ts'], tests: ['test/hierarchy/**/*.test.ts', 'test/snapshot/golden.test.ts'] },
  snapshot: { src: ['src/snapshot/**/*.ts'], tests: ['test/snapshot/**/*.test.ts'] },
  selector: {
    src: ['src/snapshot/selector*.ts', 'src/snapshot/target*.ts'],
    tests: ['test/snapshot/selector*.test.ts', 'test/snapshot/target*.test.ts', 'test/snapshot/grids.test.ts'],
  },
  diff: { src: ['src/snapshot/diff*.ts'], tests: ['test/snapshot/diff*.test.ts'] },
  privacy: { src: ['src/privacy/**/*.ts'], tests: ['test/privacy/**/*.test.ts'] },
  adb: { src: ['src/adb/**/*.ts'], tests: ['test/adb/**/*.test.ts'] },
  uimap: { src: ['src/uimap/**/*.ts'], tests: ['test/uimap/**/*.test.ts'] },
  image: { src: ['src/image/**/*.ts'], tests: ['test/image/**/*.test.ts'] },
  virtual: {
    src: ['src/device/virtual/**/*.ts'],
    tests: ['test/virtual/sh*.test.ts', 'test/virtual/shell*.test.ts', 'test/virtual/commands*.test.ts'],
  },
};

const args = process.argv.slice(2);
const listAfter = (flag) => {
  const at = args.indexOf(flag);
  return { at, list: at >= 0 ? (args[at + 1] ?? '').split(',').filter(Boolean) : [] };
};
const { at: filesAt, list: files } = listAfter('--files');
const { at: testsAt, list: testFiles } = listAfter('--tests');
const names = args.filter((a, i) => !a.startsWith('--') && (filesAt < 0 || i !== filesAt + 1) && (testsAt < 0 || i !== testsAt + 1));
const unknown = names.filter((n) => !(n in layers));
if (names.length === 0 || unknown.length > 0) {
  console.error(
    `usage: npm run mutate -- <layer…> [--files src/a.ts,…] [--tests test/a.test.ts,…]\nlayers: ${Object.keys(layers).join(', ')}`,
  );
  process.exit(2);
}
const chosen = names.map((n) => layers[n]);
const env = {
  ...process.env,
  GLANCE_MUTATE_NAME: names.join('+') + (files.length > 0 ? '-files' : '') + (testFiles.length > 0 ? '-tests' : ''),
  GLANCE_MUTATE: JSON.stringify(files.length > 0 ? files : chosen.flatMap((l) => l.src)),
  // Stryker runs the tests from a sandbox copy of the repo, where ../shared is not beside it.
  GLANCE_SHARED_DIR: process.env.GLANCE_SHARED_DIR ?? resolve('../shared'),
  GLANCE_MUTATE_TESTS: JSON.stringify(testFiles.length > 0 ? testFiles : chosen.flatMap((l) => l.tests)),
};
const r = spawnSync(process.execPath, ['node_modules/@stryker-mutator/core/bin/stryker.js', 'run', 'stryker.config.mjs'], {
  stdio: 'inherit',
  env,
});
process.exitCode = r.status ?? 1;
