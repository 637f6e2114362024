import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { ListVideosQuery } from './library.dto';
import { LessonResultsQuery } from './lesson-results.dto';
import { RESULTS_PAGE_SIZE_MAX } from './lesson-results.messages';

const messages = (cls: new () => object, query: Record<string, string>) =>
  validateSync(plainToInstance(cls, query)).flatMap((error) => Object.values(error.constraints ?? {}));

describe('paging fields of list queries', () => {
  it.each([
    ['library', ListVideosQuery, 1000],
    ['lesson results', LessonResultsQuery, RESULTS_PAGE_SIZE_MAX],
  ] as const)('%s: query strings become numbers, bad ones say what is wrong', (_name, cls, max) => {
    expect(messages(cls, {})).toEqual([]);
    expect(plainToInstance(cls, { page: '2', pageSize: '7' })).toMatchObject({ page: 2, pageSize: 7 });
    expect(messages(cls, { page: '2', pageSize: String(max) })).toEqual([]);
    expect(messages(cls, { page: '0' })).toEqual(['page must be 1 or more']);
    expect(messages(cls, { page: '1.5' })).toEqual(['page must be a whole number']);
    expect(messages(cls, { page: 'abc' })).toContain('page must be a whole number');
    expect(messages(cls, { page: '100001' })).toEqual(['page is too large']);
    expect(messages(cls, { pageSize: '0' })).toEqual(['pageSize must be 1 or more']);
    expect(messages(cls, { pageSize: String(max + 1) })).toEqual([`pageSize must be at most ${max}`]);
  });
});
