import {
  DEFAULT_WIZARD_SETTINGS,
  interactionCountToSend,
  loadSettings,
  maxInteractionsShown,
  normaliseSettings,
  parseStoredSettings,
  saveSettings,
  SETTINGS_STORAGE_KEY,
} from './wizard-settings';

describe('wizard settings', () => {
  beforeEach(() => localStorage.clear());

  it('defaults to single, multiple and true/false, 2 per chapter, 8 questions, feedback, animations and topic return on', () => {
    expect(parseStoredSettings(null)).toEqual({
      questionTypes: ['single', 'multiple', 'trueFalse'],
      questionsPerChapter: 2,
      interactionCount: 8,
      feedbackEnabled: true,
      animationsEnabled: true,
      detailedSummary: false,
      smartTopicReturn: true,
    });
  });

  it('sends the smaller of the chosen count and 8, at least 1', () => {
    expect(interactionCountToSend(5)).toBe(5);
    expect(interactionCountToSend(8)).toBe(8);
    expect(interactionCountToSend(12)).toBe(8);
    expect(interactionCountToSend(0)).toBe(1);
    expect(interactionCountToSend(3.7)).toBe(3);
    expect(interactionCountToSend(Number.NaN)).toBe(8);
  });

  it('shows up to questionsPerChapter × 10 questions over 10 chapters', () => {
    expect(maxInteractionsShown(1)).toBe(10);
    expect(maxInteractionsShown(3)).toBe(30);
  });

  it('repairs stored values: unknown types dropped, counts clamped, wrong kinds defaulted', () => {
    const settings = normaliseSettings({
      questionTypes: ['fillGap', 'essay', 'single', 'single', 'typeAnswer'],
      questionsPerChapter: 7,
      interactionCount: 40,
      feedbackEnabled: 'yes',
      detailedSummary: true,
    });
    expect(settings).toEqual({ ...DEFAULT_WIZARD_SETTINGS, questionTypes: ['single', 'fillGap'], questionsPerChapter: 3, detailedSummary: true });
  });

  it('keeps an empty type list empty (the form asks for one) but defaults a missing one', () => {
    expect(normaliseSettings({ questionTypes: [] }).questionTypes).toEqual([]);
    expect(normaliseSettings({}).questionTypes).toEqual(['single', 'multiple', 'trueFalse']);
  });

  it('falls back to the defaults for text that is not JSON', () => {
    expect(parseStoredSettings('{not json')).toEqual(DEFAULT_WIZARD_SETTINGS);
    expect(parseStoredSettings('[1,2]')).toEqual(DEFAULT_WIZARD_SETTINGS);
  });

  it('saves under veolearn-create-settings and reads the same back', () => {
    const chosen = { ...DEFAULT_WIZARD_SETTINGS, questionTypes: ['matching' as const], questionsPerChapter: 1, interactionCount: 4 };
    saveSettings(chosen);
    expect(JSON.parse(localStorage.getItem(SETTINGS_STORAGE_KEY) ?? '')).toEqual(chosen);
    expect(loadSettings()).toEqual(chosen);
  });
});
