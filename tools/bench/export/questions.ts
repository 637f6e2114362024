/** Lesson questions for the export benchmark: all ten types in turn, realistic text lengths, valid answers. */
import { type Question, validateQuestion } from '@veolearn/domain';

const FEEDBACK = {
  correct: 'Well done: that is exactly what the lecture showed a moment ago.',
  incorrect: 'Not quite. Rewind to the start of this part and listen to the example again.',
  explanation: 'The lecture explains this step by step with a worked example before moving on.',
};

/** One body per type, in the shapes the domain's validateQuestion accepts (the SCORM tests' sample shapes). */
function body(kind: number, n: number): Record<string, unknown> & { type: string } {
  const q = (text: string) => `Question ${n}: ${text}`;
  switch (kind) {
    case 0:
      return { type: 'single_choice', question: q('where does photosynthesis take place in a leaf cell?'), options: ['In the chloroplasts', 'In the mitochondria', 'In the nucleus', 'In the cell wall'], correctAnswer: 0 };
    case 1:
      return { type: 'multiple_choice', question: q('which of these does a plant need for photosynthesis?'), options: ['Light', 'Carbon dioxide', 'Salt', 'Water'], correctAnswer: [0, 1, 3] };
    case 2:
      return { type: 'true_false', question: q('oxygen is released as a by-product of photosynthesis.'), options: ['True', 'False'], correctAnswer: true };
    case 3:
      return {
        type: 'scenario',
        question: q('what should the gardener change first?'),
        scenario: 'A gardener keeps a tomato plant in a dark shed. After two weeks its leaves turn pale and it stops growing, although it is watered every day.',
        options: ['Give it more water', 'Move it into the light', 'Add more soil'],
        correctAnswer: 1,
      };
    case 4:
      return { type: 'matching', question: q('match each part to its job.'), options: { left: ['Roots', 'Stomata', 'Xylem'], right: ['Let gases in and out', 'Carry water up', 'Take up water'] }, correctAnswer: [2, 0, 1] };
    case 5:
      return { type: 'ordering', question: q('put the steps in the order the lecture gave them.'), options: ['Glucose is made', 'Light is absorbed', 'Water is split'], correctAnswer: [1, 2, 0] };
    case 6:
      return {
        type: 'sorting_groups',
        question: q('sort these into inputs and outputs of photosynthesis.'),
        options: { groups: ['Input', 'Output'], items: ['Water', 'Oxygen', 'Carbon dioxide', 'Glucose', 'Light', 'Heat'] },
        correctAnswer: [0, 1, 0, 1, 0, 1],
      };
    case 7:
      return { type: 'fill_gaps', question: q('complete the sentence.'), options: { text: 'Plants turn {{1}} and water into {{2}} using light.' }, correctAnswer: [['carbon dioxide', 'CO2'], ['glucose', 'sugar']] };
    case 8:
      return { type: 'drag_drop', question: q('drag each word onto its label.'), options: { items: ['Chlorophyll', 'Glucose'], targets: ['A sugar', 'A green pigment'] }, correctAnswer: [1, 0] };
    default:
      return { type: 'priority_ranking', question: q('rank these by how much they limit growth in a dark shed.'), options: ['Water', 'Light', 'Soil'], correctAnswer: [1, 0, 2] };
  }
}

/** n questions of the ten types in turn, 30 s apart, validated by the domain's own rules. */
export function lessonQuestions(n: number): Question[] {
  return Array.from({ length: n }, (_, i) => {
    const raw = { ...body(i % 10, i + 1), timestamp: 20 + i * 30, topicTitle: `Part ${Math.floor(i / 5) + 1}`, topicStartTime: Math.floor(i / 5) * 150, feedback: FEEDBACK };
    const result = validateQuestion(raw, { durationSeconds: 20 + n * 30 + 60 });
    if (!result.ok) throw new Error(`Bench question ${i + 1} (${raw.type}) is invalid: ${result.errors.join('; ')}`);
    return result.question;
  });
}

/** The lesson's duration in seconds for n questions. */
export function lessonDuration(n: number): number {
  return 20 + n * 30 + 60;
}
