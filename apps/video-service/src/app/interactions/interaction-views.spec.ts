import { defaultFeedback, type Question, validateQuestion } from '@veolearn/domain';
import {
  EDITABLE_COLUMNS,
  type InteractionRow,
  interactionParams,
  toInteractionColumns,
  toInteractionView,
  toLearnerQuestionView,
  toQuestion,
} from './interaction-views';

const CREATED = new Date('2026-01-02T03:04:05Z');

/** A row as pg returns it after the question was stored through toInteractionColumns. */
function rowOf(question: Question, id = 7, position = 0): InteractionRow {
  const c = toInteractionColumns(question);
  return {
    id,
    video_id: 3,
    type: c.type,
    question: c.question,
    scenario: c.scenario,
    options: JSON.parse(c.options),
    correct_answer: JSON.parse(c.correctAnswer),
    timestamp: c.timestamp,
    topic_title: c.topicTitle,
    topic_start_time: c.topicStartTime,
    feedback: JSON.parse(c.feedback),
    position,
    created_at: CREATED,
    updated_at: '2026-01-02T03:04:06Z',
  };
}

function valid(input: Record<string, unknown>): Question {
  const result = validateQuestion({ question: 'Q?', timestamp: 40, topicTitle: 'Topic', topicStartTime: 10, feedback: defaultFeedback('single_choice'), ...input });
  if (!result.ok) throw new Error(result.errors.join('; '));
  return result.question;
}

const scenario = valid({
  type: 'scenario',
  scenario: 'A customer asks for a refund after 40 days.',
  options: ['Refund', 'Refuse politely', 'Escalate'],
  correctAnswer: 1,
});
const matching = valid({ type: 'matching', options: { left: ['H2O', 'NaCl'], right: ['Salt', 'Water'] }, correctAnswer: [1, 0] });
const trueFalse = valid({ type: 'true_false', correctAnswer: false, feedback: { correct: 'Yes', incorrect: 'No', explanation: 'Because.' } });

describe('interaction views', () => {
  it('round-trips a domain question through the row columns unchanged', () => {
    for (const question of [scenario, matching, trueFalse]) {
      expect(toQuestion(rowOf(question))).toEqual({ ...question, id: 7 });
    }
  });

  it('serialises jsonb values as JSON text (pg would send JS arrays as Postgres arrays) and keeps scenario for scenario only', () => {
    expect(toInteractionColumns(matching)).toMatchObject({
      scenario: null,
      options: '{"left":["H2O","NaCl"],"right":["Salt","Water"]}',
      correctAnswer: '[1,0]',
    });
    expect(toInteractionColumns(trueFalse).correctAnswer).toBe('false');
    expect(toInteractionColumns(scenario).scenario).toBe('A customer asks for a refund after 40 days.');
    expect(interactionParams(toInteractionColumns(scenario))).toHaveLength(EDITABLE_COLUMNS.length);
  });

  it("gives the owner every field, with ISO dates, and scenario only on scenario questions", () => {
    expect(toInteractionView(rowOf(scenario))).toEqual({
      id: 7,
      videoId: 3,
      type: 'scenario',
      question: 'Q?',
      scenario: 'A customer asks for a refund after 40 days.',
      options: ['Refund', 'Refuse politely', 'Escalate'],
      correctAnswer: 1,
      timestamp: 40,
      topicTitle: 'Topic',
      topicStartTime: 10,
      feedback: defaultFeedback('single_choice'),
      createdAt: '2026-01-02T03:04:05.000Z',
      updatedAt: '2026-01-02T03:04:06.000Z',
    });
    expect(toInteractionView(rowOf(matching))).not.toHaveProperty('scenario');
  });

  it('gives a learner no correct answer and no feedback, but the scenario text', () => {
    const view = toLearnerQuestionView(rowOf(scenario));
    expect(view).toEqual({
      id: 7,
      type: 'scenario',
      question: 'Q?',
      scenario: 'A customer asks for a refund after 40 days.',
      options: ['Refund', 'Refuse politely', 'Escalate'],
      timestamp: 40,
      topicTitle: 'Topic',
      topicStartTime: 10,
    });
    const tf = JSON.stringify(toLearnerQuestionView(rowOf(trueFalse)));
    expect(tf).not.toContain('correctAnswer');
    expect(tf).not.toContain('feedback');
    expect(tf).not.toContain('Because.');
    expect(toLearnerQuestionView(rowOf(matching))).not.toHaveProperty('scenario');
  });

  it('fills what older rows lack: default feedback for the type, empty topic, start 0', () => {
    const row: InteractionRow = { ...rowOf(trueFalse), feedback: null, topic_title: null, topic_start_time: null };
    expect(toInteractionView(row)).toMatchObject({ feedback: defaultFeedback('true_false'), topicTitle: '', topicStartTime: 0 });
    expect(toLearnerQuestionView(row)).toMatchObject({ topicTitle: null, topicStartTime: null });
    const partial: InteractionRow = { ...rowOf(trueFalse), feedback: { correct: 'Yes' } };
    expect(toInteractionView(partial).feedback).toEqual({ correct: 'Yes', incorrect: defaultFeedback('true_false').incorrect });
  });
});
