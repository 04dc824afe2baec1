#!/usr/bin/env node
// Thin launcher: the CLI is compiled to dist/ by `npm run build` (run automatically by `npm ci`).
import { run } from '../dist/src/cli/main.js';

process.exitCode = await run(process.argv.slice(2));
