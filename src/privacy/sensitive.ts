/**
 * Rule-based detection of personal data in snapshot elements, for the exposure ledger. Rules, not a model:
 * they must run on the device side at every step, and their mistakes must be explainable.
 * Each rule looks at an element's own label and id; `name` also uses the element's neighbours (a person's
 * name sits next to their number or address in contact and message rows).
 */
import type { SnapshotElement } from '../snapshot/types.js';
import { elementLabels } from './text.js';

export type SensitiveCategory = 'name' | 'phone' | 'email' | 'address' | 'message' | 'password' | 'card';

export const SENSITIVE_CATEGORIES: readonly SensitiveCategory[] = ['name', 'phone', 'email', 'address', 'message', 'password', 'card'];

/** Starts only where a run of local-part characters starts: tried at every offset, a 100k-letter label costs n². */
export const EMAIL_RE = /(?<![A-Za-z0-9._%+-])[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
/**
 * 7–15 digits (E.164 allows 15) with the separators people write: `+1 (555) 010-9999`, `12345678900`.
 * Times, dates and version numbers do not reach 7 digits in one run of these separators. The whole run or
 * nothing: a part of a longer run (the first 12 digits of `4111 1111 1111 1111`) is no phone number.
 */
export const PHONE_RE = /(?<![\w.#/:-]|\d[\s-])(?:\+\d{1,3}[\s.-]?)?(?:\(\d{1,4}\)[\s.-]?)?\d(?:[\s-]?\d){6,14}(?![\w.]|[\s-]\d)/g;
/** 13–19 digits in groups of up to 4, checked with Luhn before being called a card number. */
export const CARD_RE = /(?<!\d)\d{4}(?:[ -]?\d{1,4}){2,4}(?!\d)/g;

const STREET =
  /\b\d{1,5}\s+(?:[A-Z][\w'.-]*\s+){0,4}(?:street|st|avenue|ave|road|rd|boulevard|blvd|lane|ln|drive|dr|way|court|ct|place|pl|square|sq|terrace|parkway|pkwy|highway|hwy|straße|strasse|rue|via|calle)\b\.?/i;
const STREETS = new RegExp(STREET.source, 'gi');
const ADDRESS_ID = /(^|_)(address|street|postal|location_text|addr)(_|$)/i;
const NAME_ID =
  /(^|_)(name|contact|contact_name|people|member|display_name|sender|author|caller|from|recipient|person|first_name|last_name|surname|full_name|nickname|participant)(_|$)/i;
const MESSAGE_ID =
  /(message|body|snippet|conversation|sms|mms|chat|comment|note_?(text|content|body)|text_?content|preview|compose|reply)/i;
/** App strings rather than user content: AlertDialog's `android:id/message`, summaries, permission prompts. */
const APP_TEXT_ID =
  /^(message|summary|description|title|subtitle|faq_text|about_text|permission_message|.*_(label|summary|hint|description|holder|title))$/i;
/** Words that make a capitalised label a control rather than a person ("Call History", "Send SMS"). */
const UI_WORDS =
  /\b(settings?|call|calls|history|contacts?|favou?rites?|search|menu|options?|more|add|new|create|edit|delete|save|cancel|ok|send|share|sms|email|mobile|home|work|other|phone|number|message|messages|dialpad|recent|all|about|help|back|next|done|open|close|sort|filter|select|view|show|hide|camera|gallery|clock|alarm|timer|stopwatch|notes?|music|tracks?|albums?|artists?|folders?|playlists?|photos?|videos?|files?|general|text|checklist|title|label|theme|color|light|dark|custom|default|today|yesterday|tomorrow|am|pm|on|off|yes|no|none|name|surname|first|last|middle|address|unknown|birthday|anniversary|event|company|job|nickname|website|group|ringtone|email|emails)\b/i;

export function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length >= 13 && digits.length <= 19 && sum % 10 === 0;
}

/** Card numbers in a string (Luhn-valid runs of 13–19 digits). */
export function findCards(s: string): string[] {
  return [...s.matchAll(CARD_RE)].map((m) => m[0]).filter((m) => luhn(m.replace(/\D/g, '')));
}

/** Dates written with dashes (`16-02-2021`, `2021-02-16`) look like numbers with separators. */
const DATE_RE = /^\d{1,4}[-./]\d{1,2}[-./]\d{1,4}$/;

export function findPhones(s: string): string[] {
  return [...s.matchAll(PHONE_RE)].map((m) => m[0]).filter((m) => !DATE_RE.test(m.trim()) && !luhn(m.replace(/\D/g, '')));
}

export function findEmails(s: string): string[] {
  return [...s.matchAll(EMAIL_RE)].map((m) => m[0]);
}

function looksLikeName(s: string): boolean {
  const t = s.trim();
  if (t.length < 2 || t.length > 40 || UI_WORDS.test(t)) return false;
  return /^\p{Lu}[\p{Ll}'’-]+(?:\s+\p{Lu}[\p{Ll}'’.-]*){0,2}$/u.test(t);
}

/** A run of two or three capitalised words that are not UI words ("Alice Martin"). */
function nameRun(s: string): boolean {
  for (const m of s.matchAll(/\p{Lu}[\p{Ll}'’-]+(?:\s+\p{Lu}[\p{Ll}'’.-]*){1,2}/gu)) if (!UI_WORDS.test(m[0])) return true;
  return false;
}

const labelOf = (e: SnapshotElement): string => elementLabels(e).join(' · ');

/** What a person's name sits beside: in a neighbour, a phone, email or address of any kind. */
const contactish = (c: SensitiveCategory): boolean => c === 'phone' || c === 'email' || c === 'address';
/** In the element's own labels: a phone or an email (an address field's id alone is no person). */
const reachable = (c: SensitiveCategory): boolean => c === 'phone' || c === 'email';

/**
 * Categories of each element (same order as `elements`). `neighbours` groups elements that are shown
 * together (e.g. one block or one row): a capitalised label next to a phone number or an email is a name.
 */
export function detectSensitive(
  elements: readonly SnapshotElement[],
  neighbours?: readonly (readonly SnapshotElement[])[],
): SensitiveCategory[][] {
  const own = elements.map(ownCategories);
  const groupOf = new Map<SnapshotElement, readonly SnapshotElement[]>();
  for (const g of neighbours ?? []) for (const e of g) groupOf.set(e, g);
  const catOf = new Map(elements.map((e, i) => [e, own[i]!] as const));
  return elements.map((e, i) => {
    const cats = own[i]!;
    if (cats.includes('name')) return cats;
    const group = groupOf.get(e) ?? [];
    const personal = group.some((g) => g !== e && (catOf.get(g) ?? ownCategories(g)).some(contactish));
    const label = labelOf(e);
    const parts = label.split(' · ');
    if (personal && parts.some(looksLikeName)) return [...cats, 'name'];
    // One row's own labels: a name beside its number, email or street ("Alice · +1 415 555 0199"). ownCategories
    // found the number or email in these labels already; no match spans a ' · ' between two of them.
    if ((cats.some(reachable) || STREET.test(label)) && parts.some(looksLikeName)) return [...cats, 'name'];
    // "Alice Martin +1 415 555 0199": the words left once the number or email is taken out. A street's own words
    // are no name ("221 Baker Street"), nor is the value of an address field on its own.
    if (cats.some(reachable) && parts.some((p) => nameRun(p.replace(EMAIL_RE, ' ').replace(PHONE_RE, ' ').replace(STREETS, ' '))))
      return [...cats, 'name'];
    return cats;
  });
}

/** Categories an element shows on its own. */
export function ownCategories(e: SnapshotElement): SensitiveCategory[] {
  const out = new Set<SensitiveCategory>();
  if (e.states.includes('password')) out.add('password');
  const label = labelOf(e);
  const id = e.id ?? '';
  if (label === '') return [...out];
  if (findEmails(label).length > 0) out.add('email');
  if (findCards(label).length > 0) out.add('card');
  if (findPhones(label).length > 0) out.add('phone');
  if (STREET.test(label) || (ADDRESS_ID.test(id) && !/^(https?:|www\.)/i.test(label) && !UI_WORDS.test(label))) out.add('address');
  const parts = label.split(' · ');
  if (NAME_ID.test(id) && parts.some(looksLikeName)) out.add('name');
  // Message text: free text written by or to the user — a message-like view, a field's typed value that reads
  // as text (not a number or a file name), or prose in a view that is not an app string.
  const value = e.text ?? '';
  // Two words or more, and not a hint dumped as the value ("Type a message…").
  const reads = (x: string): boolean => x.trim().split(/\s+/).length >= 2 && !/(…|\.\.\.)$/.test(x.trim());
  const typedValue = e.actions.includes('type') && value !== '' && value !== e.hint && reads(value) && !UI_WORDS.test(value);
  const isProse = (x: string): boolean => x.length >= 40 && x.split(/\s+/).length >= 6;
  const button = /Button$/.test(e.class);
  const messageView = MESSAGE_ID.test(id) && !APP_TEXT_ID.test(id) && !button;
  // A row's merged labels carry its preview (a note's first line, a mail's snippet); settings rows are `*_holder`.
  const prose = !APP_TEXT_ID.test(id) && ((!e.actions.includes('tap') && isProse(value)) || (e.labels ?? []).some(isProse));
  if ((messageView && [value, ...(e.labels ?? [])].some((x) => x.length >= 2)) || typedValue || prose) out.add('message');
  return [...out];
}
