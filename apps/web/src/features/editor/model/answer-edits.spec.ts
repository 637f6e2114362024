import {
  correctAfterRemoval,
  correctSetAfterRemoval,
  initialWordBank,
  insertGap,
  moveItem,
  placesAfterRemoval,
  removeAt,
  replaceAt,
  toggleIndex,
} from './answer-edits';

describe('list edits', () => {
  it('replaces, removes and moves without touching the input', () => {
    const list = ['a', 'b', 'c'];
    expect(replaceAt(list, 1, 'B')).toEqual(['a', 'B', 'c']);
    expect(removeAt(list, 0)).toEqual(['b', 'c']);
    expect(moveItem(list, 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(list, 2, 1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(list, 0, -1)).toEqual(list);
    expect(list).toEqual(['a', 'b', 'c']);
  });

  it('keeps the right option pointing at the same text after a removal', () => {
    expect(correctAfterRemoval(2, 0)).toBe(1);
    expect(correctAfterRemoval(2, 3)).toBe(2);
    expect(correctAfterRemoval(2, 2)).toBe(0);
    expect(correctSetAfterRemoval([0, 2, 3], 2)).toEqual([0, 2]);
    expect(correctSetAfterRemoval([1], 1)).toEqual([0]);
    expect(toggleIndex([2], 0, true)).toEqual([0, 2]);
    expect(toggleIndex([0, 2], 2, false)).toEqual([0]);
  });

  it('moves the items of a removed group to the first group and shifts later groups', () => {
    const items = [
      { text: 'a', place: 0 },
      { text: 'b', place: 1 },
      { text: 'c', place: 2 },
    ];
    expect(placesAfterRemoval(items, 1)).toEqual([
      { text: 'a', place: 0 },
      { text: 'b', place: 0 },
      { text: 'c', place: 1 },
    ]);
  });
});

describe('insertGap', () => {
  it('adds the next number at the cursor with spaces around it', () => {
    expect(insertGap('The sky is', 10, 10)).toEqual({ text: 'The sky is {{1}}', gap: 1, cursor: 16, replaced: '' });
    expect(insertGap('A {{1}} and .', 12, 12)).toMatchObject({ text: 'A {{1}} and {{2}}.', gap: 2 });
    expect(insertGap('', 0, 0)).toMatchObject({ text: '{{1}}', cursor: 5 });
  });

  it('replaces selected words and hands them back as the first answer', () => {
    const text = 'Plants need sunlight to grow.';
    const start = text.indexOf('sunlight');
    expect(insertGap(text, start, start + 'sunlight'.length)).toEqual({
      text: 'Plants need {{1}} to grow.',
      gap: 1,
      cursor: 'Plants need {{1}}'.length,
      replaced: 'sunlight',
    });
  });

  it('offers each first answer once as the word bank', () => {
    expect(initialWordBank([['Red', 'red!'], ['blue'], ['red'], ['']])).toEqual(['Red', 'blue']);
    expect(initialWordBank([])).toEqual(['']);
  });
});
