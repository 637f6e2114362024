import { CSV_BOM, parseCsv } from '@veolearn/domain';
import { csvLine } from './csv';

const cell = (value: unknown) => csvLine([value]).replace(/\r\n$/, '');

describe('csvLine', () => {
  it('writes plain text, numbers and empty values as they are', () => {
    expect(cell('Ada Lovelace')).toBe('Ada Lovelace');
    expect(cell(42)).toBe('42');
    expect(cell(-3.5)).toBe('-3.5');
    expect(cell(0)).toBe('0');
    expect(cell(null)).toBe('');
    expect(cell(undefined)).toBe('');
    expect(cell(Number.NaN)).toBe('');
    expect(cell(true)).toBe('true');
    expect(cell(false)).toBe('false');
    expect(cell('')).toBe('');
  });

  it('quotes fields holding a comma, a quote or a line break, doubling the quotes (RFC 4180)', () => {
    expect(cell('Paris, France')).toBe('"Paris, France"');
    expect(cell('He said "hi"')).toBe('"He said ""hi"""');
    expect(cell('two\nlines')).toBe('"two\nlines"');
    expect(cell('two\r\nlines')).toBe('"two\r\nlines"');
    expect(cell('"')).toBe('""""');
  });

  it('neutralises text that a spreadsheet would run as a formula with a leading apostrophe', () => {
    expect(cell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(cell('+1+1')).toBe("'+1+1");
    expect(cell('-2+3')).toBe("'-2+3");
    expect(cell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(parseCsv(csvLine(['\t=1', '\r=1']))).toEqual([["'\t=1", "'\r=1"]]);
    // Only the first character counts; numbers are numbers.
    expect(cell('a=1')).toBe('a=1');
    expect(cell(-5)).toBe('-5');
  });

  it('ends records with CRLF and reads back exactly what was written', () => {
    const values = ['plain', 'with, comma', 'with "quotes"', 'multi\nline', '=cmd', '', 7];
    const text = CSV_BOM + csvLine(['a', 'b', 'c', 'd', 'e', 'f', 'g']) + csvLine(values);
    expect(csvLine(['a', 'b'])).toBe('a,b\r\n');
    expect(parseCsv(text)).toEqual([
      ['a', 'b', 'c', 'd', 'e', 'f', 'g'],
      ['plain', 'with, comma', 'with "quotes"', 'multi\nline', "'=cmd", '', '7'],
    ]);
  });
});
