// Runs the CLI from source (through tsx) for tests that spawn a real process: `node --import tsx test/helpers/glance-dev.ts …`.
import { run } from '../../src/cli/main.js';

process.exitCode = await run(process.argv.slice(2));
