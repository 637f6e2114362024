import { CSV_BOM, csvCell, csvRow, parseCsv } from './csv';

describe('csvCell', () => {
  it('writes plain text, numbers and empty values as they are', () => {
    expect(csvCell('Ada Lovelace')).toBe('Ada Lovelace');
    expect(csvCell(42)).toBe('42');
    expect(csvCell(-3.5)).toBe('-3.5');
    expect(csvCell(0)).toBe('0');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(Number.NaN)).toBe('');
    expect(csvCell(true)).toBe('true');
    expect(csvCell('')).toBe('');
  });

  it('quotes fields holding a comma, a quote or a line break, doubling the quotes (RFC 4180)', () => {
    expect(csvCell('Paris, France')).toBe('"Paris, France"');
    expect(csvCell('He said "hi"')).toBe('"He said ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('two\r\nlines')).toBe('"two\r\nlines"');
    expect(csvCell('"')).toBe('""""');
  });

  it('neutralises text that a spreadsheet would run as a formula with a leading apostrophe', () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvCell('+1+1')).toBe("'+1+1");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell('\r=1')).toBe(`"'\r=1"`);
    // Only the first character counts; numbers are numbers.
    expect(csvCell('a=1')).toBe('a=1');
    expect(csvCell(-5)).toBe('-5');
  });
});

describe('csvRow and parseCsv', () => {
  it('ends records with CRLF and reads back exactly what was written', () => {
    const values = ['plain', 'with, comma', 'with "quotes"', 'multi\nline', '=cmd', '', 7];
    const text = CSV_BOM + csvRow(['a', 'b', 'c', 'd', 'e', 'f', 'g']) + csvRow(values);
    expect(csvRow(['a', 'b'])).toBe('a,b\r\n');
    expect(parseCsv(text)).toEqual([
      ['a', 'b', 'c', 'd', 'e', 'f', 'g'],
      ['plain', 'with, comma', 'with "quotes"', 'multi\nline', "'=cmd", '', '7'],
    ]);
  });

  it('keeps empty trailing fields and a last record without a line end', () => {
    expect(parseCsv('a,,\r\nb')).toEqual([['a', '', ''], ['b']]);
    expect(parseCsv('')).toEqual([]);
  });
});
