#!/usr/bin/env node
// Thin launcher: the CLI is compiled to dist/ by `npm run build` (run automatically by `npm ci`). The entry
// loads only Node built-ins before it hands the call to the background daemon (or loads the CLI here).
import { main } from '../dist/src/cli/client.js';

process.exitCode = await main(process.argv.slice(2));
