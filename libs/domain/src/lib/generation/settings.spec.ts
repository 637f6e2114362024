import {
  DEFAULT_GENERATION_QUESTION_TYPES,
  GENERATION_DEFAULTS,
  GenerationSettingsShape,
  MAX_INTERACTIONS,
  MIN_TRANSCRIPT_CHARS_FOR_GENERATION,
  resolveGenerationSettings,
} from './settings';

describe('resolveGenerationSettings', () => {
  it('fills every field with the defaults of spec sections 3, 5 and 9', () => {
    expect(resolveGenerationSettings({})).toEqual({
      questionTypes: ['single_choice', 'multiple_choice', 'true_false'],
      interactionCount: 8,
      questionsPerChapter: 2,
      feedbackEnabled: true,
      animationsEnabled: true,
      detailedSummary: false,
      smartTopicReturn: true,
    });
    expect(resolveGenerationSettings(undefined)).toEqual(resolveGenerationSettings({}));
    expect(resolveGenerationSettings(null)).toEqual(resolveGenerationSettings({}));
    expect(GENERATION_DEFAULTS.interactionCount).toBe(MAX_INTERACTIONS);
    expect(MAX_INTERACTIONS).toBe(8);
    expect(MIN_TRANSCRIPT_CHARS_FOR_GENERATION).toBe(50);
  });

  it('returns exactly the fields of the contracts GenerationSettings shape', () => {
    expect(Object.keys(resolveGenerationSettings({})).sort()).toEqual(
      ['animationsEnabled', 'detailedSummary', 'feedbackEnabled', 'interactionCount', 'questionTypes', 'questionsPerChapter', 'smartTopicReturn'].sort(),
    );
  });

  it('caps the interaction count at 8 and keeps it at least 1, rounding fractions down', () => {
    expect(resolveGenerationSettings({ interactionCount: 20 }).interactionCount).toBe(8);
    expect(resolveGenerationSettings({ interactionCount: 8 }).interactionCount).toBe(8);
    expect(resolveGenerationSettings({ interactionCount: 3 }).interactionCount).toBe(3);
    expect(resolveGenerationSettings({ interactionCount: 0 }).interactionCount).toBe(1);
    expect(resolveGenerationSettings({ interactionCount: -4 }).interactionCount).toBe(1);
    expect(resolveGenerationSettings({ interactionCount: 4.9 }).interactionCount).toBe(4);
    expect(resolveGenerationSettings({ interactionCount: Number.NaN }).interactionCount).toBe(8);
  });

  it('keeps questionsPerChapter between 1 and 3 (default 2)', () => {
    expect(resolveGenerationSettings({ questionsPerChapter: 0 }).questionsPerChapter).toBe(1);
    expect(resolveGenerationSettings({ questionsPerChapter: 1 }).questionsPerChapter).toBe(1);
    expect(resolveGenerationSettings({ questionsPerChapter: 3 }).questionsPerChapter).toBe(3);
    expect(resolveGenerationSettings({ questionsPerChapter: 7 }).questionsPerChapter).toBe(3);
    expect(resolveGenerationSettings({ questionsPerChapter: Number.POSITIVE_INFINITY }).questionsPerChapter).toBe(2);
  });

  it('removes repeated and unknown types and falls back to the defaults when none is left', () => {
    expect(resolveGenerationSettings({ questionTypes: ['matching', 'single_choice', 'matching'] }).questionTypes).toEqual(['matching', 'single_choice']);
    const untrusted = { questionTypes: ['essay', 'ordering'] } as unknown as Partial<GenerationSettingsShape>;
    expect(resolveGenerationSettings(untrusted).questionTypes).toEqual(['ordering']);
    expect(resolveGenerationSettings({ questionTypes: [] }).questionTypes).toEqual([...DEFAULT_GENERATION_QUESTION_TYPES]);
  });

  it('takes booleans as given and ignores values that are not booleans', () => {
    const resolved = resolveGenerationSettings({ feedbackEnabled: false, detailedSummary: true, smartTopicReturn: false, animationsEnabled: false });
    expect(resolved).toMatchObject({ feedbackEnabled: false, detailedSummary: true, smartTopicReturn: false, animationsEnabled: false });
    const untrusted = { feedbackEnabled: 'no' } as unknown as Partial<GenerationSettingsShape>;
    expect(resolveGenerationSettings(untrusted).feedbackEnabled).toBe(true);
  });

  it('does not share the defaults array with callers', () => {
    const resolved = resolveGenerationSettings({});
    resolved.questionTypes.push('matching');
    expect(resolveGenerationSettings({}).questionTypes).toEqual(['single_choice', 'multiple_choice', 'true_false']);
  });
});
