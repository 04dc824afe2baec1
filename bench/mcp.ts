// What an MCP host pays for Glance before the model's first call: o200k tokens of the `tools/list` result (its
// `tools` array as JSON) and of the server instructions, beside Playwright MCP's browser tools counted the same way
// (its CLI started over stdio with the SDK client; skipped with one line when the package is absent). Then the
// structured part of two results on the demo phone: a snapshot and a tap.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import { startVirtualDevice } from '../src/device/virtual/index.js';
import { repoRoot } from '../test/helpers/corpus.js';
import { connectInMemory, textOf } from '../test/mcp/mcp-phone.js';

const tokens = (v: unknown): number => encode(typeof v === 'string' ? v : JSON.stringify(v)).length;

/** The Playwright MCP CLI, when the package is installed (a devDependency). */
function playwrightCli(): string | undefined {
  try {
    const pkg = createRequire(join(repoRoot, 'package.json')).resolve('@playwright/mcp/package.json');
    const cli = join(dirname(pkg), 'cli.js');
    return existsSync(cli) ? cli : undefined;
  } catch {
    return undefined;
  }
}

async function listed(client: Client): Promise<{ tools: number; list: number; instructions: number; outputSchemas: number }> {
  const { tools } = await client.listTools();
  return {
    tools: tools.length,
    list: tokens(tools),
    instructions: tokens(client.getInstructions() ?? ''),
    outputSchemas: tools.reduce((n, t) => n + (t.outputSchema === undefined ? 0 : tokens(t.outputSchema)), 0),
  };
}

const bytes = (v: unknown): number => (v === undefined ? 0 : Buffer.byteLength(JSON.stringify(v)));

export async function benchMcp(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  const phone = await startVirtualDevice({ scenario: 'demo' });
  try {
    const mcp = await connectInMemory(phone, { name: 'bench-mcp' });
    try {
      const g = await listed(mcp.client);
      out['glance tools'] = g.tools;
      out['glance tools/list o200k'] = g.list;
      out['glance instructions o200k'] = g.instructions;
      out['glance tools/list + instructions o200k'] = g.list + g.instructions;
      out['glance output schemas o200k'] = g.outputSchemas;
      const snap = await mcp.call('device_snapshot');
      out['demo snapshot text B'] = Buffer.byteLength(textOf(snap));
      out['demo snapshot structuredContent B'] = bytes(snap.structuredContent);
      const row = /^(\w+) Groceries/m.exec(textOf(snap))?.[1];
      if (row === undefined) throw new Error(`no Groceries row on the demo phone:\n${textOf(snap)}`);
      const tap = await mcp.call('device_tap', { target: row });
      out['demo tap text B'] = Buffer.byteLength(textOf(tap));
      out['demo tap structuredContent B'] = bytes(tap.structuredContent);
    } finally {
      await mcp.close();
    }
  } finally {
    await phone.close();
  }
  const cli = playwrightCli();
  if (cli === undefined) {
    console.log('playwright mcp: skipped (@playwright/mcp is not installed)');
  } else {
    const pw = new Client({ name: 'bench-mcp', version: '1.0.0' });
    await pw.connect(new StdioClientTransport({ command: process.execPath, args: [cli], stderr: 'ignore' }));
    try {
      const p = await listed(pw);
      out['playwright tools'] = p.tools;
      out['playwright tools/list o200k'] = p.list;
      out['playwright instructions o200k'] = p.instructions;
    } finally {
      await pw.close();
    }
  }
  for (const [k, v] of Object.entries(out)) console.log(`${k.padEnd(42)} ${v}`);
  return out;
}
