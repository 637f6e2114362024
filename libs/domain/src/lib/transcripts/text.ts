const NAMED: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'", ndash: '–', mdash: '—', hellip: '…',
  lsquo: '‘', rsquo: '’', ldquo: '“', rdquo: '”', shy: '',
};

/** Decodes the HTML entities transcripts commonly carry (&amp; &#39; &quot; &lt; &gt; &nbsp; numeric). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+\d*);/gi, (whole, name: string) => {
    const lower = name.toLowerCase();
    if (lower.startsWith('#')) {
      const code = lower.startsWith('#x') ? parseInt(lower.slice(2), 16) : parseInt(lower.slice(1), 10);
      if (!Number.isFinite(code) || code <= 0 || code > 0x10ffff) return whole;
      if (code === 160) return ' ';
      try {
        return String.fromCodePoint(code);
      } catch {
        return whole;
      }
    }
    return Object.prototype.hasOwnProperty.call(NAMED, lower) ? NAMED[lower] : whole;
  });
}

/** Collapses every run of whitespace (including non-breaking spaces) into one space and trims. */
export function collapseWhitespace(text: string): string {
  return text.replace(/[\s\u00a0\u200b\ufeff]+/g, ' ').trim();
}

/** Removes a byte-order mark and normalises line endings to \n. */
export function normaliseNewlines(text: string): string {
  return text.replace(/^\ufeff/, '').replace(/\r\n?/g, '\n');
}

/** Rounds seconds to milliseconds. */
export function roundMs(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}
