/**
 * The response builder: every tool answers with text for a person or a model and the same facts as structured
 * data (`--json` on the CLI, `structuredContent` over MCP), built side by side so the two tell the same story.
 */
import type { ActionOutcome } from '../device/actions/index.js';
import type { NextStep } from '../errors.js';
import type { ToolImage, ToolResult } from './registry.js';

export class ToolResponse {
  private readonly lines: string[] = [];
  private readonly images: ToolImage[] = [];
  private exitCode: number | undefined;
  private nextStep: NextStep | undefined;

  constructor(private readonly data?: Record<string, unknown> | readonly unknown[]) {}

  /** Lines of text, in order (undefined and empty entries are skipped). */
  text(...lines: Array<string | undefined>): this {
    for (const l of lines) if (l !== undefined && l !== '') this.lines.push(l);
    return this;
  }

  image(data: Uint8Array, mimeType: ToolImage['mimeType'] = 'image/png'): this {
    this.images.push({ data, mimeType });
    return this;
  }

  /** A follow-up worth suggesting, as data (each front-end words it). */
  next(step: NextStep): this {
    this.nextStep = step;
    return this;
  }

  /** A non-zero exit status for a call that answered but did not find what it looked for (CLI only). */
  fail(code: number): this {
    this.exitCode = code;
    return this;
  }

  build(): ToolResult {
    return {
      text: this.lines.join('\n'),
      ...(this.data === undefined ? {} : { data: this.data }),
      ...(this.images.length > 0 ? { images: [...this.images] } : {}),
      ...(this.nextStep === undefined ? {} : { next: this.nextStep }),
      ...(this.exitCode === undefined ? {} : { exitCode: this.exitCode }),
    };
  }
}

export function respond(data?: Record<string, unknown> | readonly unknown[]): ToolResponse {
  return new ToolResponse(data);
}

/** What an action did in one line: `tap b12 "Log in" at 540,1200`, `key BACK`, `scroll down`. */
function describe(o: ActionOutcome): string {
  const t = 'target' in o ? o.target : undefined;
  const what = t ? `${t.ref ?? t.text}${t.label !== undefined && t.ref !== undefined ? ` ${JSON.stringify(t.label)}` : ''}` : '';
  const point = 'point' in o ? o.point : undefined;
  const at = point ? ` at ${point.x},${point.y}` : '';
  const how = o.action === 'key' ? ` ${o.name ?? String(o.code)}` : 'direction' in o && o.direction !== undefined ? ` ${o.direction}` : '';
  return `${o.action}${how}${what ? ' ' + what : ''}${at}`;
}

/** An action's answer: what was done, facts of the action, a covered-element warning, the diff, a settle warning. */
export function actionResponse(o: ActionOutcome, facts: ReadonlyArray<string | undefined> = []): ToolResult {
  return respond({ ...o })
    .text(
      describe(o),
      ...facts,
      'target' in o && o.target?.covered
        ? '(warning: the element is entirely covered by another element; the touch may have reached that one)'
        : undefined,
      o.diff.trimEnd(),
      o.unread !== undefined
        ? `(the screen could not be read after the action: ${o.unread.message}${o.unread.hint !== undefined ? `; ${o.unread.hint}` : ''})`
        : o.settled
          ? undefined
          : '(the screen was still changing when the settle time ran out: settled false; take a new snapshot to check)',
    )
    .build();
}
