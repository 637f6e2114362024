import {
  describeCorrectAnswer,
  describeResponse,
  lessonResultsFileName,
  lessonSlug,
  mostChosenWrongOption,
  questionStatistics,
  scoreDistribution,
  wrongOptionsChosen,
  normalizeDisplayName,
} from './lesson-results';
import type { Question } from './questions/types';

const base = { timestamp: 30, topicTitle: 'Planets', topicStartTime: 0, feedback: { correct: 'Yes', incorrect: 'No' } };
const single: Question = { ...base, type: 'single_choice', question: 'Largest planet?', options: ['Mars', 'Jupiter', 'Venus', 'Earth'], correctAnswer: 1 };
const multiple: Question = { ...base, type: 'multiple_choice', question: 'Gas giants?', options: ['Jupiter', 'Mars', 'Saturn', 'Venus'], correctAnswer: [0, 2] };
const trueFalse: Question = { ...base, type: 'true_false', question: 'Pluto is a planet.', options: ['True', 'False'], correctAnswer: false };
const ordering: Question = { ...base, type: 'ordering', question: 'Order from the Sun', options: ['Earth', 'Mercury', 'Mars'], correctAnswer: [1, 0, 2] };
const gaps: Question = { ...base, type: 'fill_gaps', question: 'Fill', options: { text: 'The {{1}} is a {{2}}.' }, correctAnswer: [['Sun'], ['star', 'sun']] };
const matching: Question = { ...base, type: 'matching', question: 'Match', options: { left: ['Mars', 'Venus'], right: ['Hot', 'Red'] }, correctAnswer: [1, 0] };

describe('questionStatistics', () => {
  it('gives the first-try share, average tries and credit over the learners who answered', () => {
    const stats = questionStatistics(single, { answered: 30, firstTryCorrect: 18, skipped: 2, tries: 42, credit: 18 }, [
      { response: 0, count: 8 },
      { response: 2, count: 4 },
    ]);
    expect(stats).toEqual({
      answered: 30,
      skipped: 2,
      firstTryCorrect: 18,
      firstTryCorrectShare: 0.6,
      averageCredit: 0.6,
      averageTries: 1.4,
      mostChosenWrongOption: { index: 0, text: 'Mars', count: 8, share: 0.2667 },
    });
  });

  it('answers null shares when nobody answered, and no wrong option for other types', () => {
    expect(questionStatistics(single, { answered: 0, firstTryCorrect: 0, skipped: 3, tries: 0, credit: 0 })).toEqual({
      answered: 0,
      skipped: 3,
      firstTryCorrect: 0,
      firstTryCorrectShare: null,
      averageCredit: null,
      averageTries: null,
      mostChosenWrongOption: null,
    });
    expect(questionStatistics(ordering, { answered: 2, firstTryCorrect: 0, skipped: 0, tries: 2, credit: 0.67 }, [{ response: [0, 1, 2], count: 2 }]).mostChosenWrongOption).toBeNull();
  });

  it('counts partial credit in the average credit but not as correct', () => {
    const stats = questionStatistics(matching, { answered: 4, firstTryCorrect: 1, skipped: 0, tries: 4, credit: 2.5 });
    expect(stats.firstTryCorrectShare).toBe(0.25);
    expect(stats.averageCredit).toBe(0.625);
  });
});

describe('mostChosenWrongOption', () => {
  it('counts each wrongly chosen option of a multiple-choice answer, not the right ones it also chose', () => {
    const result = mostChosenWrongOption(
      multiple,
      [
        { response: [0, 1], count: 3 }, // Mars wrongly
        { response: [0, 1, 2, 3], count: 2 }, // Mars and Venus wrongly
        { response: [3], count: 4 }, // Venus
      ],
      20,
    );
    expect(result).toEqual({ index: 3, text: 'Venus', count: 6, share: 0.3 });
  });

  it('names True or False for true/false answers, given as booleans or option indexes', () => {
    expect(mostChosenWrongOption(trueFalse, [{ response: true, count: 2 }, { response: 0, count: 1 }], 10)).toEqual({ index: 0, text: 'True', count: 3, share: 0.3 });
  });

  it('breaks ties by the earlier option and ignores responses that no longer fit or are right', () => {
    expect(
      mostChosenWrongOption(
        single,
        [
          { response: 3, count: 2 },
          { response: 2, count: 2 },
          { response: 9, count: 50 },
          { response: 'x', count: 50 },
          { response: 1, count: 50 },
        ],
        10,
      ),
    ).toEqual({ index: 2, text: 'Venus', count: 2, share: 0.2 });
    expect(mostChosenWrongOption(single, [], 10)).toBeNull();
  });

  it('lists the wrong options of one response', () => {
    expect(wrongOptionsChosen(multiple, [2, 3, 1])).toEqual([1, 3]);
    expect(wrongOptionsChosen(multiple, [0, 2])).toEqual([]);
    expect(wrongOptionsChosen(single, 0)).toEqual([0]);
    expect(wrongOptionsChosen(trueFalse, 1)).toEqual([]);
  });
});

describe('scoreDistribution', () => {
  it('puts scores in ten bins by their whole part, 100 in the last', () => {
    const bins = scoreDistribution([
      { score: 0, count: 1 },
      { score: 9.9, count: 2 },
      { score: 10, count: 1 },
      { score: 55.5, count: 3 },
      { score: 90, count: 1 },
      { score: 100, count: 4 },
      { score: 140, count: 1 },
      { score: -5, count: 1 },
      { score: Number.NaN, count: 9 },
    ]);
    expect(bins.map((b) => `${b.from}-${b.to}:${b.count}`)).toEqual([
      '0-9:4',
      '10-19:1',
      '20-29:0',
      '30-39:0',
      '40-49:0',
      '50-59:3',
      '60-69:0',
      '70-79:0',
      '80-89:0',
      '90-100:6',
    ]);
  });

  it('makes other bin counts too', () => {
    expect(scoreDistribution([{ score: 74, count: 1 }], 5)).toEqual([
      { from: 0, to: 19, count: 0 },
      { from: 20, to: 39, count: 0 },
      { from: 40, to: 59, count: 0 },
      { from: 60, to: 79, count: 1 },
      { from: 80, to: 100, count: 0 },
    ]);
  });
});

describe('describeResponse', () => {
  it('puts each type of response in words', () => {
    expect(describeResponse(single, 2)).toBe('Venus');
    expect(describeResponse(multiple, [2, 0])).toBe('Jupiter; Saturn');
    expect(describeResponse(trueFalse, 0)).toBe('True');
    expect(describeResponse(trueFalse, false)).toBe('False');
    expect(describeResponse(ordering, [0, 1, 2])).toBe('Earth > Mercury > Mars');
    expect(describeResponse(matching, [0, 1])).toBe('Mars → Hot; Venus → Red');
    expect(describeResponse(gaps, ['sun', 'planet'])).toBe('sun | planet');
    expect(describeResponse(single, null)).toBe('');
    expect(describeResponse(single, 17)).toBe('?');
  });

  it('puts the correct answer in words', () => {
    expect(describeCorrectAnswer(single)).toBe('Jupiter');
    expect(describeCorrectAnswer(trueFalse)).toBe('False');
    expect(describeCorrectAnswer(gaps)).toBe('Sun | star');
    expect(describeCorrectAnswer(ordering)).toBe('Mercury > Earth > Mars');
  });
});

describe('lessonResultsFileName', () => {
  it('makes a file-name slug of the title, with a fallback', () => {
    expect(lessonSlug('Photosynthesis: How Plants Eat!')).toBe('photosynthesis-how-plants-eat');
    expect(lessonSlug('Élan vital — café')).toBe('elan-vital-cafe');
    expect(lessonSlug('???')).toBe('lesson');
    expect(lessonSlug('a'.repeat(80)).length).toBe(60);
  });

  it('names the CSV veolearn-<slug>-results-<yyyy-mm-dd>.csv in UTC', () => {
    expect(lessonResultsFileName('The Water Cycle', 7, new Date('2026-03-05T23:59:59Z'))).toBe('veolearn-the-water-cycle-results-2026-03-05.csv');
    expect(lessonResultsFileName('日本語', 7, new Date('2026-03-05T00:00:00Z'))).toBe('veolearn-lesson-7-results-2026-03-05.csv');
  });
});

describe('normalizeDisplayName', () => {
  it('trims, collapses spaces, drops control and direction characters, cuts at 60 and makes blanks null', () => {
    expect(normalizeDisplayName('  Ada   Lovelace ')).toBe('Ada Lovelace');
    expect(normalizeDisplayName('Ada\u0000\n\u202eLovelace')).toBe('Ada Lovelace');
    expect(normalizeDisplayName('   ')).toBeNull();
    expect(normalizeDisplayName(42)).toBeNull();
    expect(normalizeDisplayName('x'.repeat(80))).toHaveLength(60);
  });
});
