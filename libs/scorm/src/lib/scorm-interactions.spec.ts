import { QUESTION_TYPES, type Question, gradeAnswer } from '@veolearn/domain';
import { RIGHT_RESPONSES, SAMPLE_QUESTIONS } from '../testing/sample-questions';
import {
  formatScormCorrectPattern,
  formatScormResponse,
  scorm12Char,
  scormInteractionId,
  scormInteractionType,
  scormResult,
} from './scorm-interactions';

const byType = (type: Question['type']): Question => SAMPLE_QUESTIONS.find((q) => q.type === type)!;
const normalized = (q: Question, response: unknown): unknown => gradeAnswer(q, response).normalizedResponse;

describe('SCORM interaction types and ids', () => {
  it('maps every question type', () => {
    expect(Object.fromEntries(QUESTION_TYPES.map((t) => [t, scormInteractionType(t)]))).toEqual({
      single_choice: 'choice',
      multiple_choice: 'choice',
      scenario: 'choice',
      true_false: 'true-false',
      matching: 'matching',
      drag_drop: 'matching',
      sorting_groups: 'matching',
      ordering: 'sequencing',
      priority_ranking: 'sequencing',
      fill_gaps: 'fill-in',
    });
  });

  it('names interactions by question id, else by position', () => {
    expect(scormInteractionId({ id: 12 }, 0)).toBe('q12');
    expect(scormInteractionId({}, 4)).toBe('n5');
  });

  it('1.2 characters are 0-9 then a-z', () => {
    expect([0, 9, 10, 35].map(scorm12Char)).toEqual(['0', '9', 'a', 'z']);
    expect(() => scorm12Char(36)).toThrow();
  });

  it('results: 1.2 wrong, 2004 incorrect', () => {
    expect(scormResult({ correct: true }, '1.2')).toBe('correct');
    expect(scormResult({ correct: false }, '1.2')).toBe('wrong');
    expect(scormResult({ correct: false }, '2004')).toBe('incorrect');
  });
});

describe('formatScormResponse', () => {
  it.each<[Question['type'], unknown, string, string]>([
    ['single_choice', 2, '2', '2'],
    ['scenario', 0, '0', '0'],
    ['multiple_choice', [3, 0, 0], '0,3', '0[,]3'],
    ['true_false', true, 't', 'true'],
    ['true_false', 1, 'f', 'false'],
    ['matching', [2, 0, 1], '0.2,1.0,2.1', '0[.]2[,]1[.]0[,]2[.]1'],
    ['drag_drop', [1, 1], '0.1,1.1', '0[.]1[,]1[.]1'],
    ['ordering', [2, 0, 1], '2,0,1', '2[,]0[,]1'],
    ['priority_ranking', [0, 2, 1], '0,2,1', '0[,]2[,]1'],
    ['fill_gaps', ['  The Sky, ', 'blue!'], 'the sky,blue', 'the sky[,]blue'],
  ])('%s %j → 1.2 %p, 2004 %p', (type, response, v12, v2004) => {
    const q = byType(type);
    const value = normalized(q, response);
    expect(formatScormResponse(q, value, '1.2')).toBe(v12);
    expect(formatScormResponse(q, value, '2004')).toBe(v2004);
  });

  it('sorting into groups uses characters beyond 9 in 1.2 and numbers in 2004', () => {
    const q = byType('sorting_groups');
    expect(formatScormResponse(q, RIGHT_RESPONSES[6], '1.2')).toBe('0.0,1.1,2.0,3.1,4.0,5.1,6.0,7.1,8.0,9.1,a.0,b.1');
    expect(formatScormResponse(q, RIGHT_RESPONSES[6], '2004')).toMatch(/^0\[\.\]0\[,\].*\[,\]11\[\.\]1$/);
  });

  it('1.2 responses of choice, matching and sequencing are single characters 0-9a-z', () => {
    SAMPLE_QUESTIONS.filter((q) => ['choice', 'matching', 'sequencing'].includes(scormInteractionType(q.type))).forEach((q, i) => {
      const value = formatScormResponse(q, normalized(q, RIGHT_RESPONSES[SAMPLE_QUESTIONS.indexOf(q)]), '1.2')!;
      expect([i, value.split(/[,.]/).every((c) => /^[0-9a-z]$/.test(c))]).toEqual([i, true]);
    });
  });

  it('fill-in: commas inside a 1.2 gap become spaces, 2004 keeps them, "[,]" cannot split a gap, lengths are capped', () => {
    const q = byType('fill_gaps');
    expect(formatScormResponse(q, ['a, b', 'c'], '1.2')).toBe('a  b,c');
    expect(formatScormResponse(q, ['a, b', 'c'], '2004')).toBe('a, b[,]c');
    expect(formatScormResponse(q, ['a[,]b', 'c'], '2004')).toBe('a, b[,]c');
    expect(formatScormResponse(q, ['x'.repeat(300), 'y'], '1.2')).toHaveLength(255);
    expect(formatScormResponse(q, ['x'.repeat(300), 'y'], '2004')).toBe(`${'x'.repeat(250)}[,]y`);
  });

  it('null for a malformed response', () => {
    expect(formatScormResponse(byType('single_choice'), null, '1.2')).toBeNull();
    expect(formatScormResponse(byType('matching'), 'x', '2004')).toBeNull();
    expect(formatScormResponse(byType('true_false'), 't', '2004')).toBeNull();
    expect(formatScormResponse(byType('ordering'), [0, 40], '1.2')).toBeNull();
  });
});

describe('formatScormCorrectPattern', () => {
  it('is the correct answer in the response format (fill-in: first accepted answer per gap)', () => {
    expect(formatScormCorrectPattern(byType('multiple_choice'), '2004')).toBe('0[,]2');
    expect(formatScormCorrectPattern(byType('true_false'), '1.2')).toBe('t');
    expect(formatScormCorrectPattern(byType('matching'), '1.2')).toBe('0.1,1.2,2.0');
    expect(formatScormCorrectPattern(byType('fill_gaps'), '2004')).toBe('sky[,]blue');
  });
});
