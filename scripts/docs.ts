// Regenerates README.md's generated parts: the tool table (from the registry) and the example blocks that need no
// device (re-run in-process). `--check` exits 1 when README is stale.
import { readFileSync, writeFileSync } from 'node:fs';
import { allTools } from '../src/tools/index.js';
import { withToolTable } from '../src/cli/docs.js';
import { withExamples } from './readme-examples.js';

const readme = readFileSync('README.md', 'utf8');
const next = await withExamples(withToolTable(readme, allTools));
if (process.argv.includes('--check')) {
  if (next !== readme) {
    console.error('README.md is stale: run `npm run docs`');
    process.exitCode = 1;
  }
} else if (next !== readme) {
  writeFileSync('README.md', next);
  console.log('README.md updated (tool table and examples)');
}
