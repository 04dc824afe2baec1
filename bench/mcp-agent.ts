// An agent-style MCP session on the demo phone (test/mcp/agent-script.ts: the official SDK client over `glance mcp`
// stdio, the virtual device through the real adb server): calls and tokens read (o200k of the text parts of every
// result; images not counted) per task. Needs adb. Wall time is not reported: the machine is shared.
// Run: node --import tsx bench/mcp-agent.ts
import { pathToFileURL } from 'node:url';
import { requires } from '../test/helpers/requires.js';
import { runAgentScript } from '../test/mcp/agent-script.js';
import { startMcpPhone } from '../test/mcp/mcp-phone.js';

export async function benchMcpAgent(): Promise<Record<string, number>> {
  const missing = requires({ adb: true });
  if (missing !== false) {
    console.log(`mcp-agent: ${missing}`);
    return {};
  }
  const mcp = await startMcpPhone();
  try {
    const figures = await runAgentScript(mcp);
    const out: Record<string, number> = {};
    console.log('task                            calls  tokens read (o200k)');
    for (const f of figures) {
      console.log(`${f.task.padEnd(32)}${String(f.calls).padStart(5)}  ${String(f.tokens).padStart(6)}`);
      out[`${f.task} calls`] = f.calls;
      out[`${f.task} tokens`] = f.tokens;
    }
    const calls = figures.reduce((n, f) => n + f.calls, 0);
    const tokens = figures.reduce((n, f) => n + f.tokens, 0);
    console.log(`${'all'.padEnd(32)}${String(calls).padStart(5)}  ${String(tokens).padStart(6)}`);
    out['calls'] = calls;
    out['tokens read'] = tokens;
    out['tokens per task'] = tokens / figures.length;
    return out;
  } finally {
    await mcp.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchMcpAgent();
