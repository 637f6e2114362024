import { defaultFeedback, validateQuestion } from '@veolearn/domain';
import { timestampOf, withQuestionDefaults } from './question-defaults';

const bare = { type: 'single_choice', question: 'Which?', options: ['A', 'B'], correctAnswer: 0, timestamp: 90 };

describe('question defaults', () => {
  it('gives the first question of a video a numbered topic from the start and the default feedback', () => {
    const filled = withQuestionDefaults(bare, { previous: null, otherQuestions: 0 });
    expect(filled).toMatchObject({ topicTitle: 'Question 1', topicStartTime: 0, feedback: defaultFeedback('single_choice') });
    expect(validateQuestion(filled).ok).toBe(true);
  });

  it("takes the previous question's topic and its start when the topic is left out", () => {
    const previous = { topicTitle: 'Photosynthesis', topicStartTime: 30, timestamp: 60 };
    expect(withQuestionDefaults(bare, { previous, otherQuestions: 4 })).toMatchObject({ topicTitle: 'Photosynthesis', topicStartTime: 30 });
    expect(withQuestionDefaults({ ...bare, topicTitle: '  ' }, { previous, otherQuestions: 4 })).toMatchObject({ topicTitle: 'Photosynthesis' });
  });

  it('starts a new named topic after the previous question, and keeps the start of a repeated topic', () => {
    const previous = { topicTitle: 'Photosynthesis', topicStartTime: 30, timestamp: 60 };
    expect(withQuestionDefaults({ ...bare, topicTitle: 'Respiration' }, { previous, otherQuestions: 1 })).toMatchObject({ topicStartTime: 60 });
    expect(withQuestionDefaults({ ...bare, topic: 'Photosynthesis' }, { previous, otherQuestions: 1 })).toMatchObject({ topicStartTime: 30 });
  });

  it('keeps everything the editor sent, even when invalid, for the validator to judge', () => {
    const sent = { ...bare, topicTitle: 'Mine', topicStartTime: 5, feedback: { correct: 'Yes!', incorrect: 'No.', explanation: 'Why' } };
    expect(withQuestionDefaults(sent, { previous: null, otherQuestions: 0 })).toEqual(sent);
    const wrong = { ...bare, topicStartTime: 'soon', feedback: 'nice' };
    expect(withQuestionDefaults(wrong, { previous: null, otherQuestions: 0 })).toMatchObject({ topicStartTime: 'soon', feedback: 'nice' });
  });

  it('completes feedback that lacks its correct or incorrect text', () => {
    const filled = withQuestionDefaults({ ...bare, type: 'ordering', feedback: { correct: 'Right', explanation: 'Order matters' } }, { previous: null, otherQuestions: 0 });
    expect(filled['feedback']).toEqual({ correct: 'Right', incorrect: defaultFeedback('ordering').incorrect, explanation: 'Order matters' });
  });

  it('never sets a topic start after the question', () => {
    const previous = { topicTitle: 'Legacy', topicStartTime: 200, timestamp: 90 };
    expect(withQuestionDefaults(bare, { previous, otherQuestions: 1 })).toMatchObject({ topicStartTime: 90 });
  });

  it('reads a usable timestamp only', () => {
    expect(timestampOf({ timestamp: 12.5 })).toBe(12.5);
    for (const timestamp of [undefined, -1, '12', Number.NaN, Number.POSITIVE_INFINITY]) expect(timestampOf({ timestamp })).toBeUndefined();
  });
});
