/**
 * CSV text by RFC 4180 (comma-separated, CRLF line ends, a field holding a comma, a quote, CR or LF
 * wrapped in double quotes with its quotes doubled), safe to open in a spreadsheet: a text cell that
 * starts with =, +, -, @, a tab or a carriage return would be read as a formula (CSV injection), so it
 * gets a leading apostrophe, which spreadsheets show as text. Numbers are written as they are.
 *
 * The project has no CSV library installed; this is the small part of one that the exports need.
 */

/** What a cell may hold: null and undefined are written as an empty cell. */
export type CsvValue = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** The byte order mark that makes spreadsheet programs read a download as UTF-8. */
export const CSV_BOM = '\uFEFF';
export const CSV_LINE_END = '\r\n';

/** One field, neutralised and quoted as needed. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record, ended by CRLF. */
export function csvRow(values: readonly CsvValue[]): string {
  return values.map(csvCell).join(',') + CSV_LINE_END;
}

/**
 * A CSV text's records back as fields (RFC 4180: quoted fields may hold commas, doubled quotes and
 * line breaks). For tests and for reading what an export wrote; a leading BOM is ignored.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = text.startsWith(CSV_BOM) ? 1 : 0;
  let fieldStarted = false;
  for (; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
      continue;
    }
    if (c === '"' && field === '') {
      quoted = true;
      fieldStarted = true;
    } else if (c === ',') {
      row.push(field);
      field = '';
      fieldStarted = true;
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      fieldStarted = false;
      i++;
    } else {
      field += c;
      fieldStarted = true;
    }
  }
  if (fieldStarted || field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}
