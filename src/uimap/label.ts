/**
 * A label as a user reads it on screen. String resources may hold HTML that the app renders with
 * `Html.fromHtml` (`<a href=…>`, `<b>`, escaped as `&lt;b&gt;` or wrapped in CDATA) and numeric character
 * references that the XML reader leaves as written (`&#10084;&#65039;`): a map shows neither.
 */

const NAMED: Record<string, string> = {
  ...{ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', hellip: '…', mdash: '—', ndash: '–', bull: '•' },
  ...{ middot: '·', copy: '©', reg: '®', trade: '™', deg: '°', times: '×', euro: '€', laquo: '«', raquo: '»' },
  ...{ lsquo: '‘', rsquo: '’', ldquo: '“', rdquo: '”' },
};

/** An HTML or XML tag: `<` then a name (or `/name`) and no other `<` before its `>`. */
const TAG = /<\/?[A-Za-z][\w:.-]*(?:\s[^<>]*)?\/?>/g;
const BREAK = /<br\s*\/?>|<\/p>|<\/div>|<\/li>/gi;
const REFERENCE = /&(#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[a-zA-Z]{2,6});/g;

function codePoint(n: number): string | undefined {
  // Surrogates and values past U+10FFFF are no characters; a NUL or other C0 control is no label either.
  if (!Number.isFinite(n) || n > 0x10ffff || (n >= 0xd800 && n <= 0xdfff) || (n < 0x20 && n !== 0x0a)) return undefined;
  return String.fromCodePoint(n);
}

/** `&#10084;`, `&#x2764;`, `&amp;` → the character; unknown names and invalid numbers stay as written. */
export function decodeReferences(s: string): string {
  return s.replace(REFERENCE, (whole, ref: string) => {
    if (ref.startsWith('#x') || ref.startsWith('#X')) return codePoint(parseInt(ref.slice(2), 16)) ?? whole;
    if (ref.startsWith('#')) return codePoint(parseInt(ref.slice(1), 10)) ?? whole;
    return NAMED[ref.toLowerCase()] ?? whole;
  });
}

/** Markup dropped (line breaks kept as spaces), references decoded once, runs of spaces collapsed. */
export function cleanLabel(raw: string): string {
  const stripped = raw.replace(BREAK, ' ').replace(TAG, '');
  // Markup escaped in the resource (`&lt;b&gt;bold&lt;/b&gt;`) is markup once decoded: strip it again.
  const decoded = decodeReferences(stripped).replace(BREAK, ' ').replace(TAG, '');
  return decoded
    .replace(/[ \t\u00a0]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .trim();
}

/** Does a label still carry a character reference or a tag (what cleanLabel removes)? */
export function hasMarkup(s: string): boolean {
  return new RegExp(REFERENCE.source).test(s) || new RegExp(TAG.source).test(s);
}
