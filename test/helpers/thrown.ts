import assert from 'node:assert/strict';
import { GlanceError } from '../../src/errors.js';

/** The error a call throws; it must throw, and what it throws must be a coded GlanceError. */
export function thrown(f: () => unknown): GlanceError {
  try {
    f();
  } catch (e) {
    assert.ok(e instanceof GlanceError, String(e));
    return e;
  }
  assert.fail('did not throw');
}

/** The error a promise rejects with; it must reject, and with a coded GlanceError. */
export async function rejected(p: Promise<unknown>): Promise<GlanceError> {
  try {
    await p;
  } catch (e) {
    assert.ok(e instanceof GlanceError, String(e));
    return e;
  }
  assert.fail('expected a GlanceError');
}

/** `CODE: message` of the coded error a call throws, or 'parsed' when it returns. */
export function failureOf(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    assert.ok(e instanceof GlanceError, String(e));
    return `${e.code}: ${e.message}`;
  }
  return 'parsed';
}
