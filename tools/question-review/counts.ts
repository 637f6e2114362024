/**
 * Per-lecture figures to compare before and after a change to the generator: usable facts and rules, and
 * the number of questions written under the review's default settings and under the create wizard's
 * (6 questions: single choice, true/false, matching, fill the gaps). Also writes every fact sentence to a
 * file so two runs can be diffed.
 *
 *   SWC_NODE_PROJECT=tsconfig.base.json node -r @swc-node/register tools/question-review/counts.ts [facts-out.txt]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { QUESTION_TYPES, parseTranscript, type QuestionType } from '@veolearn/domain';
import { analyseLecture, lessonTitle, writeQuestionSet } from '@veolearn/question-writer';
import { TRANSCRIPTS_DIR, loadManifest } from './review';

const WIZARD: QuestionType[] = ['single_choice', 'true_false', 'matching', 'fill_gaps'];
const entries = [...loadManifest().map((e) => ({ path: join(TRANSCRIPTS_DIR, e.file), name: e.file, duration: e.durationSeconds })), { path: join(__dirname, 'samples', 'wizard-water-cycle.txt'), name: 'samples/wizard-water-cycle.txt', duration: 120 }];
const facts: string[] = [];
console.log('lecture | facts | rules | all types, 8 | wizard, 6 | title');
for (const e of entries) {
  const parsed = parseTranscript(readFileSync(e.path, 'utf8'), { durationSeconds: e.duration });
  const lecture = analyseLecture(parsed.segments, { durationSeconds: e.duration });
  const all = writeQuestionSet(lecture, { questionTypes: [...QUESTION_TYPES], interactionCount: 8, questionsPerChapter: 1 });
  const wizard = writeQuestionSet(lecture, { questionTypes: WIZARD, interactionCount: 6, questionsPerChapter: 1 });
  const f = lecture.sentences.filter((s) => s.fact);
  console.log(`${e.name} | ${f.length} | ${lecture.sentences.filter((s) => s.rule).length} | ${all.questions.length} | ${wizard.questions.length} | ${lessonTitle(lecture)}`);
  facts.push(`## ${e.name}`, ...lecture.sentences.map((s) => `${s.fact ? 'F' : '-'}${s.rule ? 'R' : '-'}${s.instruction ? 'I' : '-'} ${s.text}`));
}
if (process.argv[2]) writeFileSync(process.argv[2], facts.join('\n') + '\n');
