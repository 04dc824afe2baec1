// The agent-style session (test/mcp/agent-script.ts) over `glance mcp` on the demo phone: every task's results say
// what the model needs, step by step.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { requires } from '../helpers/requires.js';
import { runAgentScript } from './agent-script.js';
import { startMcpPhone, type McpPhone } from './mcp-phone.js';

describe('an agent-style MCP session on the demo phone', { skip: requires({ adb: true }) }, () => {
  let mcp: McpPhone;
  before(async () => {
    mcp = await startMcpPhone();
  });
  after(async () => {
    await mcp?.close();
  });

  test('open a note, tick, theme, search, a recipe below the fold, sign in, screenshot: each result says what happened', async () => {
    const figures = await runAgentScript(mcp);
    assert.deepEqual(
      figures.map((f) => f.task),
      ['open a note', 'tick an item', 'change the theme', 'search', 'find a recipe below the fold', 'sign in', 'screenshot'],
    );
    for (const f of figures) assert.ok(f.calls >= 1 && f.tokens > 0, JSON.stringify(f));
  });
});
