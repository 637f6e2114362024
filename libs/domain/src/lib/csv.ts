/**
 * Reading CSV (RFC 4180), for tests and for reading what an export wrote. The exports themselves are
 * written with csv-stringify (`csvLine` and `CSV_OPTIONS` of @veolearn/nest-common).
 */

/** The byte order mark that makes spreadsheet programs read a download as UTF-8. */
export const CSV_BOM = '\uFEFF';

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
