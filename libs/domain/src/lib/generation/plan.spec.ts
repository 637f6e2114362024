import { QUESTION_TYPES, QuestionType } from '../folders';
import type { Chapter } from '../transcripts';
import { CROSS_CHAPTER_TYPES, QuestionSlot, planQuestionSlots } from './plan';

function chapters(count: number, seconds = 60): Chapter[] {
  return Array.from({ length: count }, (_, index) => ({ index, title: `Topic ${index + 1}`, start: index * seconds, end: (index + 1) * seconds, text: 'words' }));
}

const perChapter = (slots: QuestionSlot[], count: number) => Array.from({ length: count }, (_, c) => slots.filter((s) => s.chapterIndex === c).length);

describe('planQuestionSlots', () => {
  it('plans min(interactionCount, 8, chapters × questionsPerChapter) questions', () => {
    expect(planQuestionSlots(chapters(4), 240, {})).toHaveLength(8);
    expect(planQuestionSlots(chapters(3), 180, { questionsPerChapter: 2 })).toHaveLength(6);
    expect(planQuestionSlots(chapters(3), 180, { questionsPerChapter: 1 })).toHaveLength(3);
    expect(planQuestionSlots(chapters(10), 600, { questionsPerChapter: 3, interactionCount: 8 })).toHaveLength(8);
    expect(planQuestionSlots(chapters(10), 600, { interactionCount: 20 })).toHaveLength(8);
    expect(planQuestionSlots(chapters(6), 360, { interactionCount: 5 })).toHaveLength(5);
    expect(planQuestionSlots(chapters(1), 60, { questionsPerChapter: 3 })).toHaveLength(3);
    expect(planQuestionSlots([], 60, {})).toEqual([]);
  });

  it('spreads questions evenly, never more than questionsPerChapter in a chapter', () => {
    expect(perChapter(planQuestionSlots(chapters(4), 240, { questionsPerChapter: 2 }), 4)).toEqual([2, 2, 2, 2]);
    expect(perChapter(planQuestionSlots(chapters(3), 180, { questionsPerChapter: 3 }), 3)).toEqual([2, 3, 3]);
    for (let n = 1; n <= 10; n++) {
      for (let q = 1; q <= 3; q++) {
        const counts = perChapter(planQuestionSlots(chapters(n), n * 60, { questionsPerChapter: q }), n);
        expect(Math.max(...counts)).toBeLessThanOrEqual(q);
        expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
      }
    }
  });

  it('spaces questions across the video when there are more chapters than questions', () => {
    const slots = planQuestionSlots(chapters(10), 600, { interactionCount: 5 });
    expect(slots.map((s) => s.chapterIndex)).toEqual([1, 3, 5, 7, 9]);
  });

  it('lists slots in chapter order', () => {
    const slots = planQuestionSlots(chapters(5), 300, { questionsPerChapter: 3 });
    const order = slots.map((s) => s.chapterIndex);
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it('rotates through the selected types so every one is used when there are enough slots', () => {
    const types: QuestionType[] = ['single_choice', 'matching', 'fill_gaps', 'ordering'];
    const slots = planQuestionSlots(chapters(4), 240, { questionTypes: types });
    expect(new Set(slots.map((s) => s.type))).toEqual(new Set(types));
    const defaults = planQuestionSlots(chapters(4), 240, {});
    expect(defaults.map((s) => s.type)).toEqual(['single_choice', 'multiple_choice', 'true_false', 'single_choice', 'multiple_choice', 'true_false', 'single_choice', 'multiple_choice']);
  });

  it('uses only selected types, and as many different ones as there are slots', () => {
    const slots = planQuestionSlots(chapters(4), 240, { questionTypes: [...QUESTION_TYPES] });
    expect(slots).toHaveLength(8);
    expect(new Set(slots.map((s) => s.type)).size).toBe(8);
    const one = planQuestionSlots(chapters(3), 180, { questionTypes: ['scenario'] });
    expect(one.every((s) => s.type === 'scenario')).toBe(true);
  });

  it('keeps types that compare chapters off the first chapter when a later slot can take them', () => {
    const slots = planQuestionSlots(chapters(4), 240, { questionTypes: ['sorting_groups', 'drag_drop', 'single_choice'] });
    expect(slots.filter((s) => s.chapterIndex === 0).every((s) => !CROSS_CHAPTER_TYPES.has(s.type))).toBe(true);
    expect(slots.filter((s) => s.type === 'sorting_groups')).toHaveLength(3);
    expect(slots.filter((s) => s.type === 'drag_drop')).toHaveLength(3);
  });

  it('is deterministic', () => {
    const settings = { questionTypes: [...QUESTION_TYPES], questionsPerChapter: 3 };
    expect(planQuestionSlots(chapters(7), 420, settings)).toEqual(planQuestionSlots(chapters(7), 420, settings));
  });
});
