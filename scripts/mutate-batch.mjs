// Imports the test files named in GLANCE_MUTATE_BATCH, in order, into this one process (node:test runs their
// tests one after another). Used by the 'tap-batch' Stryker runner (scripts/stryker-batch-runner.mjs).
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

for (const file of JSON.parse(process.env.GLANCE_MUTATE_BATCH ?? '[]')) await import(pathToFileURL(resolve(file)).href);
