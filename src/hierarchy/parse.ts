/**
 * One entry point for every dump format: detects uiautomator XML, uiautomator2 / Appium page source,
 * DroidBot JSON (a state, with its views listed or keyed by id, or a bare list of views as LlamaTouch keeps them),
 * Rico view hierarchies, WebDriverAgent page source (XML or JSON) and Maestro iOS hierarchies, and turns device error strings, empty, truncated or foreign input into coded errors.
 */
import { GlanceError } from '../errors.js';
import { DUMP_FAILURES } from './dump-lines.js';
import { isDroidbotViewList, parseDroidbotState } from './droidbot.js';
import { isMaestroIos, isWdaJson, parseMaestroIos, parseWdaJson } from './ios.js';
import { isMaestroAndroid, parseMaestroAndroid } from './maestro-android.js';
import type { UiDump } from './model.js';
import { isRico, parseRico } from './rico.js';
import { isWdaXml, parseWdaXml } from './wda-xml.js';
import { parseUiautomatorXml } from './xml.js';

const escapeRe = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Failure lines `uiautomator dump` prints (it still exits 0), then anything else that looks like a failure.
 * Matched anywhere before the XML so that `dump && cat` output with a failure message is recognised.
 */
const DEVICE_ERRORS: ReadonlyArray<[RegExp, string]> = [
  ...Object.values(DUMP_FAILURES).map(({ line, hint }): [RegExp, string] => [new RegExp(escapeRe(line), 'i'), hint]),
  [/^\s*ERROR:/m, 'uiautomator reported an error; retry the dump'],
  [/Killed|Segmentation fault|java\.lang\.\w+Exception/, 'uiautomator crashed; retry the dump'],
];

export function parseDump(input: string | Uint8Array): UiDump {
  let text = typeof input === 'string' ? input : new TextDecoder().decode(input);
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  let start = 0;
  while (start < text.length && /\s/.test(text[start]!)) start++;
  if (start >= text.length) {
    throw new GlanceError('INPUT_EMPTY', 'the dump is empty', {
      hint: 'take a dump from the device, or read a saved dump file (from)',
      next: { tool: 'device_snapshot' },
    });
  }
  const xmlAt = text.indexOf('<', start);
  const preamble = xmlAt < 0 ? text.slice(start, start + 2000) : text.slice(start, xmlAt);
  if (text[start] !== '{' && text[start] !== '[') {
    for (const [re, hint] of DEVICE_ERRORS) {
      const m = re.exec(preamble);
      if (m) {
        const line = preamble
          .slice(preamble.lastIndexOf('\n', m.index) + 1)
          .split('\n')[0]!
          .trim();
        throw new GlanceError('DUMP_DEVICE_ERROR', `the device could not dump its UI: ${line}`, { hint });
      }
    }
  }
  if (text[start] === '{' || text[start] === '[') return parseJson(text);
  if (xmlAt >= 0 && isWdaXml(text)) return parseWdaXml(text.slice(xmlAt));
  if (xmlAt >= 0) {
    // `uiautomator dump` may print "UI hierchary dumped to: PATH" (sic) before a cat'd file: skip any preamble.
    return parseUiautomatorXml(text.slice(xmlAt));
  }
  // The message describes the input without quoting it: a tool reading a file for someone else must not echo it.
  throw new GlanceError('DUMP_NOT_RECOGNISED', `not a UI dump: no XML or JSON in ${text.length} characters`, {
    hint: 'expected uiautomator XML, a uiautomator2 or WebDriverAgent page source, a DroidBot state, a Rico view hierarchy or a Maestro hierarchy',
  });
}

/** A dump as the APIs above the parser accept it: text or bytes to parse, or a dump parsed already. */
export type DumpInput = string | Uint8Array | UiDump;

/** Parses `input` unless it is a UiDump already. */
export function toDump(input: DumpInput): UiDump {
  return typeof input === 'string' || input instanceof Uint8Array ? parseDump(input) : input;
}

function parseJson(text: string): UiDump {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    // V8 reports truncation either as "Unexpected end of JSON input" or as an error at the last position.
    const at = /position (\d+)/.exec(msg);
    const truncated = /end of (JSON )?input|Unterminated/i.test(msg) || (at !== null && Number(at[1]) >= text.trimEnd().length);
    // V8 quotes the input around the fault (`"root:x:0:0"... is not valid JSON`): keep only where it is.
    const where = at === null ? '' : ` at position ${at[1]}`;
    throw new GlanceError(truncated ? 'DUMP_TRUNCATED' : 'DUMP_MALFORMED', `the JSON dump does not parse${where}`, {
      hint: truncated
        ? 'the file was cut off: record or copy it again'
        : 'expected a DroidBot state, a Rico view hierarchy or an iOS hierarchy JSON',
      cause: e,
    });
  }
  // A saved WDA response: `{"value": "<?xml …", "sessionId": …}`.
  const inner = typeof value === 'object' && value !== null ? (value as { value?: unknown }).value : undefined;
  if (typeof inner === 'string' && isWdaXml(inner)) return parseWdaXml(inner);
  if (isWdaJson(value)) return parseWdaJson(value);
  // Android before iOS: both come in the same node shapes; Android's class names and ids tell them apart.
  // Rico before Maestro: a bare Rico root has Android classes and children too; its bounds are four numbers.
  if (isRico(value)) return parseRico(value);
  if (isMaestroAndroid(value)) return parseMaestroAndroid(value);
  if (isMaestroIos(value)) return parseMaestroIos(value);
  if (isDroidbotViewList(value)) return parseDroidbotState({ views: value });
  return parseDroidbotState(value);
}
