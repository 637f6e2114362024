import type { Options } from 'csv-stringify';
import { stringify } from 'csv-stringify/sync';

/**
 * How every CSV download is written (csv-stringify): RFC 4180 quoting, CRLF record ends, and text a
 * spreadsheet would run as a formula (=, +, -, @, tab, carriage return first) neutralised with a
 * leading apostrophe (CSV injection). Numbers are written as they are, booleans as true/false, null
 * and undefined as empty cells. A download adds the UTF-8 byte order mark once (`bom: true` when
 * streaming, `CSV_BOM` of @veolearn/domain otherwise).
 */
export const CSV_OPTIONS: Options = {
  record_delimiter: 'windows',
  // With CRLF record ends csv-stringify quotes only a field holding CRLF: a bare LF or CR would end the record for a reader.
  quoted_match: /[\r\n]/,
  escape_formulas: true,
  cast: {
    boolean: (value) => (value ? 'true' : 'false'),
    number: (value) => (Number.isFinite(value) ? String(value) : ''),
  },
};

/** One CSV record, ended by CRLF. */
export function csvLine(cells: readonly unknown[]): string {
  return stringify([[...cells]], CSV_OPTIONS);
}
