/**
 * `glance` entry point. Registry tools become verbs through the command table (table.ts, args.ts); a few commands that are not tools
 * (long-running servers, file-to-file jobs) are listed in `commands`. This module holds the one top-level
 * catch of the CLI (only cli/ prints or exits): errors become a message + hint on stderr (or `{ok:false, error}` with
 * --json) and an exit status: 0 ok, 1 failure, 2 not found, 3 timeout, 4 ambiguous.
 */
import { exitCodeFor, GlanceError } from '../errors.js';
import { catalogue } from '../agent/catalogue.js';
import { VERSION } from '../tools/index.js';
import type { ToolDef } from '../tools/registry.js';
import { commandHelp, commandLine, readCommand, validateCommand } from './args.js';
import { commands } from './commands/index.js';
import { parseBackend } from '../device/uia2/select.js';
import { processIO, type CliIO } from './io.js';
import { escapeControls } from '../snapshot/render.js';
import { echoed, renderError, renderResult } from './output.js';
import { callOptions, cliSession, progressPrinter } from './session.js';
import { COMMANDS, commandFor, commandForTool, ownsJsonFlag, type ToolCommand } from './table.js';

interface Globals {
  serial: string | undefined;
  /** `--backend auto|uia2|dump`: how Android screens are read (overrides GLANCE_BACKEND). */
  backend: string | undefined;
  json: boolean;
  help: boolean;
  rest: string[];
}

/** record[key] for the record's own keys only: `glance toString` must not find Object.prototype.toString. */
function own<T>(record: Readonly<Record<string, T>>, key: string | undefined): T | undefined {
  return key !== undefined && Object.hasOwn(record, key) ? record[key] : undefined;
}

/**
 * Takes the global options out of argv wherever they stand, except `--json` after the verb of a command that
 * has its own `--json` option (`glance map SRC --json OUT`): there it is the command's, and the global switch
 * must come before the verb (`glance --json map SRC`).
 */
function splitGlobals(argv: readonly string[]): Globals {
  const g: Globals = { serial: undefined, backend: undefined, json: false, help: false, rest: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') {
      g.rest.push(...argv.slice(i));
      break;
    }
    if (a === '-s' || a === '--serial') {
      const v = argv[++i];
      if (v === undefined) throw new GlanceError('USAGE', `${a} needs a serial`, { hint: 'list serials with `glance devices`' });
      g.serial = v;
    } else if (a.startsWith('--serial=')) g.serial = a.slice(9);
    else if (a === '--backend') {
      const v = argv[++i];
      if (v === undefined) throw new GlanceError('USAGE', '--backend needs auto, uia2 or dump', { hint: 'e.g. --backend uia2' });
      g.backend = v;
    } else if (a.startsWith('--backend=')) g.backend = a.slice(10);
    else if (a === '--json' && own(commands, g.rest[0])?.ownsJson !== true && !ownsJsonFlag(g.rest[0])) g.json = true;
    else if (a === '-h' || a === '--help') g.help = true;
    else g.rest.push(a);
  }
  return g;
}

function overview(): string {
  const verbs = catalogue.flatMap((t) => {
    const cmd = commandForTool(t.name);
    return cmd ? [`  ${cmd.verb.padEnd(12)} ${t.title}`] : [];
  });
  const extra = Object.entries(commands).map(([v, c]) => `  ${v.padEnd(12)} ${c.summary}`);
  const aliases = COMMANDS.filter((c) => c.fixed !== undefined).map(
    (c) => `  ${c.verb.padEnd(12)} = ${commandLine(c.tool, c.fixed ?? {})}`,
  );
  return [
    'glance — let LLM agents see and drive mobile apps',
    '',
    'usage: glance [-s SERIAL] [--backend auto|uia2|dump] [--json] <command> [args]   (glance <command> --help for details)',
    '',
    ...verbs,
    ...aliases,
    ...extra,
  ].join('\n');
}

async function runTool({ cmd, tool }: { cmd: ToolCommand; tool: ToolDef }, argv: string[], g: Globals, io: CliIO): Promise<number> {
  const given = readCommand(cmd, tool, argv);
  // A file job prints its file itself when no file is named (`glance map SRC`), unless --json asks for one object.
  const toStdout = cmd.stdoutParam !== undefined && !g.json && given[cmd.stdoutParam] === undefined ? { [cmd.stdoutParam]: '-' } : {};
  const input = validateCommand(cmd, tool, { ...given, ...toStdout });
  const session = io.session ?? cliSession(io.env);
  // `-` sent the file to standard output: the result text goes to stderr so the bytes stay clean.
  const sent = { toStdout: false };
  const serial = g.serial ?? io.env['ANDROID_SERIAL'];
  const shown = progressPrinter(io);
  try {
    const result = await session.call(tool.name, input, callOptions(io, serial, sent, shown.progress));
    shown.done();
    (sent.toStdout ? io.stderr : io.stdout)(renderResult(echoed(cmd, { given, serial }, result), g.json));
    return result.exitCode ?? 0;
  } finally {
    shown.done();
    if (io.session === undefined) await session.close();
  }
}

/** The serial a call names with -s/--serial (undefined: none given), for the daemon's per-device queue. */
export function globalSerial(argv: readonly string[]): string | undefined {
  return splitGlobals(argv).serial;
}

/**
 * The environment a call's devices are made for: `--backend` folded into GLANCE_BACKEND, so a daemon picks (or
 * makes) the session whose provider reads screens that way. A bad name is left for `run` to report.
 */
export function callEnv(argv: readonly string[], env: Readonly<Record<string, string | undefined>>): Record<string, string | undefined> {
  let backend: string | undefined;
  try {
    backend = splitGlobals(argv).backend;
    if (backend !== undefined) backend = parseBackend(backend, '--backend');
  } catch {
    backend = undefined;
  }
  return backend === undefined ? { ...env } : { ...env, GLANCE_BACKEND: backend };
}

/**
 * Everything glance prints passes through here: text from dumps, devices, files and the user's own arguments
 * (echoed in errors) must not carry ESC/BEL/CSI sequences to the terminal.
 */
function terminalSafe(io: CliIO): CliIO {
  return { ...io, stdout: (s) => io.stdout(escapeControls(s, true)), stderr: (s) => io.stderr(escapeControls(s, true)) };
}

export async function run(argv: readonly string[], rawIO: CliIO = processIO()): Promise<number> {
  let io = terminalSafe(rawIO);
  let json = argv.includes('--json');
  try {
    const g = splitGlobals(argv);
    json = g.json;
    // The device provider reads the backend from the environment; the flag wins over GLANCE_BACKEND.
    if (g.backend !== undefined) io = { ...io, env: { ...io.env, GLANCE_BACKEND: parseBackend(g.backend, '--backend') } };
    const [verb, ...rest] = g.rest;
    if (verb === '--version' || verb === 'version') {
      io.stdout(renderResult({ text: `glance ${VERSION}`, data: { version: VERSION } }, g.json));
      return 0;
    }
    if (verb === undefined && !g.help && g.json) {
      throw new GlanceError('USAGE', 'no command given', { hint: 'run `glance help` for the list of commands' });
    }
    if (verb === undefined || verb === 'help') {
      io.stdout(renderResult({ text: overview() }, g.json));
      return verb === undefined && !g.help ? 1 : 0;
    }
    const command = own(commands, verb);
    if (command) {
      return await command.run(g.help ? [...rest, '--help'] : rest, { ...io, json: g.json, serial: g.serial });
    }
    const found = commandFor(g.rest);
    const cmd = found?.cmd;
    const tool = cmd && catalogue.find((t) => t.name === cmd.tool);
    if (!found || !cmd || !tool) {
      throw new GlanceError('USAGE', `unknown command "${verb}"`, { hint: 'run `glance help` for the list of commands' });
    }
    if (g.help) {
      io.stdout(renderResult({ text: commandHelp(cmd, tool) }, g.json));
      return 0;
    }
    return await runTool({ cmd, tool }, g.rest.slice(found.used), g, io);
  } catch (e) {
    (json ? io.stdout : io.stderr)(renderError(e, json));
    return exitCodeFor(e);
  }
}
