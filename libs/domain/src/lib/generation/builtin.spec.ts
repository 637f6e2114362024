import { QUESTION_TYPES, QuestionType } from '../folders';
import { defaultFeedback } from '../questions/feedback';
import { revealsAnswerByOrder } from '../questions/learner';
import type { Question } from '../questions/types';
import { validateQuestion } from '../questions/validate';
import { Chapter, TranscriptSegment, buildChapters, parseTranscript } from '../transcripts';
import { generateBuiltinQuestions } from './builtin';
import { TRANSCRIPT_FIXTURES, TranscriptFixture } from './fixtures';
import { planQuestionSlots } from './plan';
import { GenerationSettingsShape, MIN_TRANSCRIPT_CHARS_FOR_GENERATION } from './settings';

interface Prepared {
  fixture: TranscriptFixture;
  segments: TranscriptSegment[];
  chapters: Chapter[];
  /** The whole transcript, normalised for comparing texts. */
  transcript: string;
}

/** Lower case, no punctuation, no hesitations or stuttered repeats: how texts are compared with the transcript. */
function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/[‘’]/g, "'")
    .replace(/(^|[\s,])(?:u+m+|u+h+|u+hm+|e+r+m+|h+m+)(?=[\s,.!?;:]|$)/g, '$1')
    .replace(/[^\p{L}\p{N}']+/gu, ' ')
    .replace(/\b([\p{L}']+)(?:\s+\1\b)+/gu, '$1')
    .replace(/\b((?:[\p{L}']+\s+){1,3}[\p{L}']+)\s+\1\b/gu, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The parts of a shown text that come from the transcript (between "…", blanks, gaps and "a/an"). */
function pieces(text: string): string[] {
  return text
    .split(/…|____|\{\{\d+\}\}|\ba\/an\b/i)
    .map(normalise)
    .filter((p) => p.length > 0);
}

function occursIn(text: string, transcript: string): boolean {
  const parts = pieces(text);
  return parts.length > 0 && parts.every((p) => transcript.includes(p));
}

function prepare(fixture: TranscriptFixture): Prepared {
  const parsed = parseTranscript(fixture.text, { durationSeconds: fixture.durationSeconds });
  const chapters = buildChapters(parsed.segments, { durationSeconds: fixture.durationSeconds });
  return { fixture, segments: parsed.segments, chapters, transcript: normalise(parsed.segments.map((s) => s.text).join(' ')) };
}

function generate(p: Prepared, settings: Partial<GenerationSettingsShape>): Question[] {
  return generateBuiltinQuestions({ title: p.fixture.title, segments: p.segments, chapters: p.chapters, durationSeconds: p.fixture.durationSeconds, settings });
}

/** The quoted statement of a question ("… “statement”"). */
function quotedStatement(q: Question): string {
  const m = /“(.+)”/s.exec(q.question);
  return m ? m[1] : '';
}

/** Texts a question presents as right: each must be found in the transcript. */
function answerTexts(q: Question, chapterTitles: ReadonlySet<string>): string[] {
  switch (q.type) {
    case 'single_choice':
    case 'scenario':
      return [q.options[q.correctAnswer]];
    case 'multiple_choice':
      return q.correctAnswer.map((i) => q.options[i]);
    case 'true_false':
      return q.correctAnswer ? [quotedStatement(q)] : [];
    case 'matching':
      return [...q.options.left, ...q.options.right];
    case 'ordering':
      return q.options;
    case 'sorting_groups':
      return q.options.items;
    case 'fill_gaps':
      return [...q.correctAnswer.map((accepted) => accepted[0]), q.options.text];
    case 'drag_drop':
      return q.options.items;
    case 'priority_ranking':
      return q.options.filter((o) => !chapterTitles.has(o));
  }
}

/** Index of the first segment by whose end all of `text` has been said. */
function saidBy(p: Prepared, text: string): number {
  const parts = pieces(text);
  const last = parts[parts.length - 1];
  let heard = '';
  for (let i = 0; i < p.segments.length; i++) {
    heard = `${heard} ${normalise(p.segments[i].text)}`;
    if (normalise(heard).includes(last)) return i;
  }
  return -1;
}

const ALL_TYPES = [...QUESTION_TYPES];
const RUNS: Array<{ name: string; settings: Partial<GenerationSettingsShape> }> = [
  { name: 'every type selected', settings: { questionTypes: ALL_TYPES } },
  { name: 'the default types', settings: {} },
  { name: 'every type, 3 per chapter', settings: { questionTypes: ALL_TYPES, questionsPerChapter: 3 } },
];

describe('generateBuiltinQuestions on realistic transcripts', () => {
  const prepared = TRANSCRIPT_FIXTURES.map(prepare);

  it('parses each fixture in its own format into several chapters', () => {
    for (const p of prepared) {
      expect(parseTranscript(p.fixture.text).format).toBe(p.fixture.format);
      expect(p.chapters.length).toBeGreaterThanOrEqual(3);
      const words = p.segments.map((s) => s.text).join(' ').split(/\s+/).length;
      expect(words).toBeGreaterThanOrEqual(600);
      expect(words).toBeLessThanOrEqual(1500);
    }
  });

  describe.each(prepared.map((p) => [p.fixture.title, p] as const))('%s', (_title, p) => {
    const titles = new Set(p.chapters.map((c) => c.title));

    it.each(RUNS.map((r) => [r.name, r.settings] as const))('fills every planned slot with valid questions (%s)', (_name, settings) => {
      const questions = generate(p, settings);
      const slots = planQuestionSlots(p.chapters, p.fixture.durationSeconds, settings);
      expect(questions).toHaveLength(slots.length);
      for (const q of questions) {
        const result = validateQuestion(q, { durationSeconds: p.fixture.durationSeconds });
        expect(result.ok ? [] : result.errors).toEqual([]);
        expect(revealsAnswerByOrder(q)).toBe(false);
      }
    });

    it.each(RUNS.map((r) => [r.name, r.settings] as const))('times questions in order, inside the video and their chapter (%s)', (_name, settings) => {
      const questions = generate(p, settings);
      questions.forEach((q, i) => {
        expect(q.timestamp).toBeGreaterThan(i === 0 ? 0 : questions[i - 1].timestamp);
        expect(q.timestamp).toBeLessThan(p.fixture.durationSeconds);
        const chapter = p.chapters.find((c) => c.title === q.topicTitle);
        expect(chapter).toBeDefined();
        expect(q.topicStartTime).toBe(chapter?.start);
        expect(q.timestamp).toBeGreaterThanOrEqual(chapter?.start ?? Infinity);
      });
    });

    it.each(RUNS.map((r) => [r.name, r.settings] as const))('asks about text the transcript really contains (%s)', (_name, settings) => {
      for (const q of generate(p, settings)) {
        for (const text of answerTexts(q, titles)) {
          if (!occursIn(text, p.transcript)) throw new Error(`${q.type}: "${text}" is not in the transcript`);
        }
      }
    });

    it.each(RUNS.map((r) => [r.name, r.settings] as const))('offers wrong options that are real but wrong (%s)', (_name, settings) => {
      for (const q of generate(p, settings)) {
        if (q.type === 'single_choice') {
          const right = normalise(q.options[q.correctAnswer]);
          for (const option of q.options.filter((_, i) => i !== q.correctAnswer)) {
            expect(normalise(option)).not.toBe(right);
            expect(occursIn(option, p.transcript)).toBe(true);
            expect(normalise(quotedStatement(q).replace('____', option))).not.toBe(normalise(quotedStatement(q).replace('____', q.options[q.correctAnswer])));
          }
        }
        if (q.type === 'multiple_choice') {
          const chapter = p.chapters.find((c) => c.title === q.topicTitle);
          const wrong = q.options.filter((_, i) => !q.correctAnswer.includes(i));
          expect(wrong.length).toBeGreaterThanOrEqual(2);
          for (const option of wrong) {
            expect(occursIn(option, p.transcript)).toBe(true);
            expect(` ${normalise(chapter?.text ?? '')} `).not.toContain(` ${normalise(option)} `);
          }
        }
        if (q.type === 'true_false' && !q.correctAnswer) expect(occursIn(quotedStatement(q), p.transcript)).toBe(false);
        if (q.type === 'multiple_choice') {
          const chapter = normalise(p.chapters.find((c) => c.title === q.topicTitle)?.text ?? '');
          for (const i of q.correctAnswer) expect(` ${chapter} `).toContain(` ${normalise(q.options[i])} `);
        }
        if (q.type === 'sorting_groups' || q.type === 'drag_drop') {
          const names = q.type === 'sorting_groups' ? q.options.groups : q.options.targets;
          q.options.items.forEach((item, i) => {
            const home = normalise(p.chapters.find((c) => c.title === names[q.correctAnswer[i]])?.text ?? '');
            expect(occursIn(item, home)).toBe(true);
            for (const other of names.filter((_, g) => g !== q.correctAnswer[i])) {
              if (q.type === 'sorting_groups') expect(` ${normalise(p.chapters.find((c) => c.title === other)?.text ?? '')} `).not.toContain(` ${normalise(item)} `);
            }
          });
        }
        if (q.type === 'fill_gaps') {
          const bank = q.options.wordBank ?? [];
          expect(bank.length).toBeGreaterThan(q.correctAnswer.length);
          for (const word of bank) expect(occursIn(word, p.transcript)).toBe(true);
        }
        if (q.type === 'scenario') expect(new Set(q.options.map(normalise)).size).toBe(q.options.length);
      }
    });

    it('pauses only after the statement it quotes has been said', () => {
      for (const settings of RUNS.map((r) => r.settings)) {
        for (const q of generate(p, settings)) {
          const said = q.type === 'single_choice' || (q.type === 'true_false' && q.correctAnswer) ? quotedStatement(q) : q.type === 'fill_gaps' ? q.options.text : '';
          if (!said) continue;
          const index = saidBy(p, said);
          expect(index).toBeGreaterThanOrEqual(0);
          expect(q.timestamp).toBeGreaterThanOrEqual(p.segments[index].end - 0.06);
        }
      }
    });

    it('uses most of the selected types when every type is selected', () => {
      const used = new Set(generate(p, { questionTypes: ALL_TYPES }).map((q) => q.type));
      expect(used.size).toBeGreaterThanOrEqual(6);
    });

    it('gives both true and false statements across a run', () => {
      const answers = generate(p, { questionTypes: ['true_false', 'single_choice'] })
        .filter((q) => q.type === 'true_false')
        .map((q) => q.correctAnswer);
      expect(answers.length).toBeGreaterThanOrEqual(2);
      expect(new Set(answers)).toEqual(new Set([true, false]));
    });

    it('is deterministic', () => {
      for (const settings of RUNS.map((r) => r.settings)) expect(generate(p, settings)).toEqual(generate(p, settings));
    });

    it('quotes the evidence in the feedback only when feedback is enabled', () => {
      const withFeedback = generate(p, { questionTypes: ALL_TYPES });
      expect(withFeedback.some((q) => q.feedback.explanation?.includes('The video says'))).toBe(true);
      for (const q of generate(p, { questionTypes: ALL_TYPES, feedbackEnabled: false })) expect(q.feedback).toEqual(defaultFeedback(q.type));
    });
  });

  it('writes each question type for at least one fixture when it is the only type selected', () => {
    for (const type of QUESTION_TYPES) {
      const produced = prepared.flatMap((p) => generate(p, { questionTypes: [type] })).filter((q) => q.type === type);
      expect({ type, produced: produced.length > 0 }).toEqual({ type, produced: true });
    }
  });

  it('falls back to another type rather than writing a poor question', () => {
    const only: QuestionType[] = ['sorting_groups'];
    for (const p of prepared) {
      const questions = generate(p, { questionTypes: only });
      expect(questions).toHaveLength(planQuestionSlots(p.chapters, p.fixture.durationSeconds, { questionTypes: only }).length);
      expect(questions.filter((q) => q.type === 'sorting_groups' && q.topicTitle === p.chapters[0].title)).toEqual([]);
    }
  });
});

describe('generateBuiltinQuestions on thin input', () => {
  it('survives a 60-character transcript and returns only valid questions', () => {
    const text = 'Photosynthesis turns light into chemical energy in plants.';
    expect(text.length).toBeGreaterThan(MIN_TRANSCRIPT_CHARS_FOR_GENERATION);
    const { segments } = parseTranscript(text, { durationSeconds: 30 });
    const chapters = buildChapters(segments, { durationSeconds: 30 });
    const questions = generateBuiltinQuestions({ title: 'Short', segments, chapters, durationSeconds: 30, settings: { questionTypes: ALL_TYPES } });
    for (const q of questions) expect(validateQuestion(q, { durationSeconds: 30 }).ok).toBe(true);
  });

  it('returns nothing without chapters or text', () => {
    expect(generateBuiltinQuestions({ title: 'Empty', segments: [], chapters: [], durationSeconds: 60, settings: {} })).toEqual([]);
    const chapters: Chapter[] = [{ index: 0, title: 'Intro', start: 0, end: 60, text: '' }];
    expect(generateBuiltinQuestions({ title: 'Empty', segments: [], chapters, durationSeconds: 60, settings: {} })).toEqual([]);
  });
});

describe('generateBuiltinQuestions speed', () => {
  /** A plain-text lecture of about `words` words made from the fixtures' speech. */
  function lecture(words: number): { segments: TranscriptSegment[]; chapters: Chapter[]; duration: number } {
    const speech = TRANSCRIPT_FIXTURES.map((f) => parseTranscript(f.text).segments.map((s) => s.text).join(' '));
    let text = '';
    for (let i = 0; text.split(/\s+/).length < words; i++) text += `${speech[i % speech.length]}\n\n`;
    const duration = Math.round((words / 150) * 60);
    const { segments } = parseTranscript(text, { durationSeconds: duration });
    return { segments, chapters: buildChapters(segments, { durationSeconds: duration }), duration };
  }

  function medianMs(words: number): number {
    const { segments, chapters, duration } = lecture(words);
    const run = () => generateBuiltinQuestions({ title: 'Long lecture', segments, chapters, durationSeconds: duration, settings: { questionTypes: ALL_TYPES } });
    expect(run().length).toBe(8);
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const start = performance.now();
      run();
      times.push(performance.now() - start);
    }
    return times.sort((a, b) => a - b)[2];
  }

  it('handles a 10-minute transcript (~1500 words) in well under 50 ms', () => {
    expect(medianMs(1500)).toBeLessThan(50);
  });

  it('handles a 60-minute transcript (~9000 words) in under 300 ms', () => {
    expect(medianMs(9000)).toBeLessThan(300);
  });
});
