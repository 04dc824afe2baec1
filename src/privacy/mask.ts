/**
 * Masking of what is sent: password values never leave (the snapshot already omits them; this is the second
 * lock), and optionally phone numbers, emails and card numbers become stable placeholders (`[PHONE_1]`). The
 * mapping stays in this object, on the device side; `unmask` turns an agent's text back into real values so
 * that "type [PHONE_1]" types the number.
 */
import type { SnapshotElement } from '../snapshot/types.js';
import { CARD_RE, EMAIL_RE, luhn, PHONE_RE } from './sensitive.js';

export interface MaskOptions {
  phones?: boolean;
  emails?: boolean;
  cards?: boolean;
}

type Kind = 'PHONE' | 'EMAIL' | 'CARD';

const PLACEHOLDER_RE = /\[(PHONE|EMAIL|CARD)_(\d+)\]/g;

/** Placeholders in a text as sent (what the ledger counts as masked). */
export function countPlaceholders(text: string): number {
  return [...text.matchAll(PLACEHOLDER_RE)].length;
}

export class Masker {
  readonly options: Readonly<Required<MaskOptions>>;
  private readonly toPlaceholder = new Map<string, string>();
  private readonly toValue = new Map<string, string>();
  private readonly counts: Record<Kind, number> = { PHONE: 0, EMAIL: 0, CARD: 0 };

  constructor(options: MaskOptions = {}) {
    this.options = { phones: options.phones ?? false, emails: options.emails ?? false, cards: options.cards ?? false };
  }

  /** Whether any redaction is on (passwords are always withheld). */
  get redacting(): boolean {
    return this.options.phones || this.options.emails || this.options.cards;
  }

  /** Number of distinct values replaced so far. */
  get size(): number {
    return this.toValue.size;
  }

  private placeholder(kind: Kind, value: string): string {
    // Digits-only identity for phones and cards, so "+1 555-0100" and "+15550100" share a placeholder.
    const key = `${kind}:${kind === 'EMAIL' ? value.toLowerCase() : value.replace(/[^\d+]/g, '')}`;
    let p = this.toPlaceholder.get(key);
    if (p === undefined) {
      p = `[${kind}_${++this.counts[kind]}]`;
      this.toPlaceholder.set(key, p);
      this.toValue.set(p, value);
    }
    return p;
  }

  /** Replaces the enabled kinds in a string. Emails first (they may contain digit runs), cards before phones. */
  maskText(s: string): string {
    let out = s;
    if (this.options.emails) out = out.replace(EMAIL_RE, (m) => this.placeholder('EMAIL', m));
    if (this.options.cards) out = out.replace(CARD_RE, (m) => (luhn(m.replace(/\D/g, '')) ? this.placeholder('CARD', m) : m));
    if (this.options.phones) out = out.replace(PHONE_RE, (m) => this.placeholder('PHONE', m));
    return out;
  }

  /** A copy of the element safe to send: no password value, enabled kinds replaced in text, desc and hint. */
  maskElement(e: SnapshotElement): SnapshotElement {
    const out: SnapshotElement = { ...e, actions: [...e.actions], states: [...e.states] };
    if (e.states.includes('password')) delete out.text;
    else if (e.text !== undefined) out.text = this.maskText(e.text);
    if (e.desc !== undefined) out.desc = this.maskText(e.desc);
    if (e.hint !== undefined) out.hint = this.maskText(e.hint);
    if (e.labels !== undefined) out.labels = e.labels.map((l) => this.maskText(l));
    return out;
  }

  /** The agent's text with placeholders turned back into the real values (unknown placeholders stay). */
  unmask(text: string): string {
    return text.replace(PLACEHOLDER_RE, (m) => this.toValue.get(m) ?? m);
  }
}
