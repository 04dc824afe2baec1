// Runs the `glance` entry from source (through tsx), daemon and all: `node --import tsx test/helpers/glance-client.ts …`.
import { main } from '../../src/cli/client.js';

process.exitCode = await main(process.argv.slice(2));
