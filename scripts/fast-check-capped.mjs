// fast-check for mutation runs (scripts/stryker-mocha-runner.mjs points the test files' `fast-check` here): the
// same library, with every property checked on at most GLANCE_MUTATE_FUZZ_RUNS cases (50 by default). A mutant a
// property catches is caught within its first cases, or by the authored tests beside it; a mutant that survives
// pays for every case, and some properties ask for 2,000.
import fc from 'fast-check';

const cap = Number(process.env.GLANCE_MUTATE_FUZZ_RUNS ?? 50);

export default {
  ...fc,
  assert: (property, params) => fc.assert(property, { ...params, numRuns: Math.min(params?.numRuns ?? 100, cap) }),
};
