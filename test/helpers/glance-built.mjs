// Runs the CLI as built in dist/, in this process (no hand-off to the daemon): the plain-node twin of glance-dev.ts,
// which test/helpers/cli.ts spawns in its place while dist/ is current.
import { run } from '../../dist/src/cli/main.js';

process.exitCode = await run(process.argv.slice(2));
