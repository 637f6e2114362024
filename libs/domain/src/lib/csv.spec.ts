import { CSV_BOM, parseCsv } from './csv';

describe('parseCsv', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks, and ignores a leading BOM', () => {
    const text = `${CSV_BOM}a,b\r\n"with, comma","with ""quotes""","multi\nline"\r\n`;
    expect(parseCsv(text)).toEqual([
      ['a', 'b'],
      ['with, comma', 'with "quotes"', 'multi\nline'],
    ]);
  });

  it('keeps empty trailing fields and a last record without a line end', () => {
    expect(parseCsv('a,,\r\nb')).toEqual([['a', '', ''], ['b']]);
    expect(parseCsv('')).toEqual([]);
  });
});
