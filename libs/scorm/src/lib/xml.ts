/**
 * Characters XML 1.0 cannot carry at all (C0 controls other than tab, newline and carriage return,
 * U+FFFE, U+FFFF, lone surrogates). They are dropped, not escaped: `&#1;` is not well-formed either.
 */
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Removes the characters XML 1.0 cannot contain. */
export function stripNonXmlChars(value: string): string {
  return value.replace(NOT_XML, '');
}

/** Escapes creator-written text for an element's content or an attribute value (either quote style). */
export function escapeXml(value: string): string {
  return stripNonXmlChars(value)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
    // Attribute-value normalisation would turn these into spaces; as references they survive.
    .replace(/\t/g, '&#9;')
    .replace(/\n/g, '&#10;')
    .replace(/\r/g, '&#13;');
}

/** Cuts text to at most `max` characters (code points, so a surrogate pair is never split). */
export function truncateText(value: string, max: number): string {
  const chars = Array.from(value);
  return chars.length <= max ? value : chars.slice(0, max).join('');
}
