// Regenerates the tool table in README.md from the registry. `--check` exits 1 when README is stale.
import { readFileSync, writeFileSync } from 'node:fs';
import { allTools } from '../src/tools/index.js';
import { withToolTable } from '../src/cli/docs.js';

const readme = readFileSync('README.md', 'utf8');
const next = withToolTable(readme, allTools);
if (process.argv.includes('--check')) {
  if (next !== readme) {
    console.error('README.md tool table is stale: run `npm run docs`');
    process.exitCode = 1;
  }
} else if (next !== readme) {
  writeFileSync('README.md', next);
  console.log('README.md tool table updated');
}
