// The pure parts of the MCP surface, alone: structured content cut to a schema and emptied, the image format a
// client gets, and where the screen and the legend panel lie in a screenshot.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { z } from 'zod';
import { compact, structuredContent } from '../../src/mcp/structured.js';
import { negotiateImageFormat } from '../../src/mcp/images.js';
import { chooseFormat, imageLayout } from '../../src/tools/screenshot.js';
import { defineTool } from '../../src/tools/registry.js';
import { isGlanceError } from '../../src/errors.js';

const tool = (output?: z.ZodObject) =>
  defineTool({
    name: 't',
    title: 'T',
    description: 'd',
    schema: z.object({}),
    ...(output === undefined ? {} : { output }),
    annotations: { readOnlyHint: true },
    handler: async () => ({ text: '' }),
  });

describe('structured content', () => {
  test('compact drops empty strings, arrays and objects, keeps false, 0 and the places of array items', () => {
    assert.deepEqual(compact({ a: '', b: [], c: {}, d: { e: [] }, f: false, g: 0, h: null }), { f: false, g: 0, h: null });
    assert.deepEqual(compact({ xs: ['', 'a', {}] }), { xs: ['', 'a', {}] });
    assert.equal(compact({ a: { b: '' } }), undefined);
  });

  test('the data is cut to the output schema; without one it is only compacted; a tool with one always answers an object', () => {
    const out = z.object({ ref: z.string(), n: z.number().optional() });
    assert.deepEqual(structuredContent(tool(out), { ref: 'b1', diff: 'long text', extra: [1] }), { ref: 'b1' });
    assert.deepEqual(structuredContent(tool(), { outcome: 'done', steps: [] }), { outcome: 'done' });
    assert.equal(structuredContent(tool(), ['a list']), undefined);
    assert.deepEqual(structuredContent(tool(z.object({ xs: z.array(z.string()).optional() })), { xs: [] }), {});
  });
});

describe('image format', () => {
  const caps = (mimeTypes: unknown) => ({ experimental: { images: { mimeTypes } } });

  test('the server default unless the client lists types without it; then its first that Glance encodes, else PNG', () => {
    assert.equal(negotiateImageFormat({}, 'webp'), 'webp');
    assert.equal(negotiateImageFormat(undefined, 'jpeg'), 'jpeg');
    assert.equal(negotiateImageFormat(caps(['IMAGE/WEBP']), 'webp'), 'webp');
    assert.equal(negotiateImageFormat(caps(['image/gif', 'image/jpeg', 'image/png']), 'webp'), 'jpeg');
    assert.equal(negotiateImageFormat(caps(['image/gif']), 'webp'), 'png');
    assert.equal(negotiateImageFormat(caps('image/png'), 'webp'), 'webp', 'not a list: the client said nothing usable');
  });

  test('asked, else the file extension, else PNG for a file, else the client format, else WebP', () => {
    assert.equal(chooseFormat('jpeg', undefined, 'png'), 'jpeg');
    assert.equal(chooseFormat(undefined, 'a/shot.PNG', 'webp'), 'png');
    assert.equal(chooseFormat(undefined, 'shot.jpg'), 'jpeg');
    assert.equal(chooseFormat(undefined, 'shot', 'webp'), 'png');
    assert.equal(chooseFormat(undefined, undefined, 'png'), 'png');
    assert.equal(chooseFormat(undefined, undefined), 'webp');
    assert.equal(chooseFormat('png', 'shot.png'), 'png');
    assert.throws(
      () => chooseFormat('webp', 'shot.jpeg'),
      (e: unknown) => isGlanceError(e, 'USAGE') && /names jpeg/.test(e.message),
    );
  });
});

describe('screenshot layout', () => {
  test('a panel beside, below, or none', () => {
    assert.deepEqual(imageLayout({ width: 1007, height: 1185 }, { width: 533, height: 1185 }), {
      screen: { x: 0, y: 0, width: 533, height: 1185 },
      panel: { x: 533, y: 0, width: 474, height: 1185 },
    });
    assert.deepEqual(imageLayout({ width: 1568, height: 1300 }, { width: 1568, height: 700 }), {
      screen: { x: 0, y: 0, width: 1568, height: 700 },
      panel: { x: 0, y: 700, width: 1568, height: 600 },
    });
    assert.deepEqual(imageLayout({ width: 700, height: 1568 }, { width: 700, height: 1568 }), {
      screen: { x: 0, y: 0, width: 700, height: 1568 },
    });
  });
});
