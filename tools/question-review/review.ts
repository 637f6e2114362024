/**
 * Prints every question the built-in generator writes for every transcript of the evaluation set as one
 * Markdown sheet to read as a teacher would: chapters, lesson title, audience, notes, and per question its
 * type, time, chapter, text, options, key and feedback.
 *
 *   npm run review:questions                 # all ten types, 8 questions, 1 per chapter → stdout
 *   npm run review:questions -- --out sheet.md --types single_choice,true_false --count 6 --per-chapter 2
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { QUESTION_TYPES, parseTranscript, type Question, type QuestionType } from '@veolearn/domain';
import { lessonTitle, writeQuestions } from '@veolearn/question-writer';

export interface ManifestEntry {
  file: string;
  title: string;
  subject: string;
  audience: string;
  format: string;
  punctuated: boolean;
  durationSeconds: number;
  sections: number;
  sectionTitles: string[];
  mainSubject: string;
}

export const TRANSCRIPTS_DIR = join(__dirname, 'transcripts');

/** The held-out lectures: never used while writing the rules, read only to check them. */
export const HOLDOUT_DIR = join(__dirname, 'holdout');

export function loadManifest(dir: string = TRANSCRIPTS_DIR): ManifestEntry[] {
  return JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as ManifestEntry[];
}

function clock(seconds: number): string {
  const s = Math.floor(seconds);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

function answerLines(q: Question): string[] {
  switch (q.type) {
    case 'single_choice':
    case 'scenario':
      return q.options.map((o, i) => `${i === q.correctAnswer ? '**✓**' : '✗'} ${o}`);
    case 'multiple_choice':
      return q.options.map((o, i) => `${q.correctAnswer.includes(i) ? '**✓**' : '✗'} ${o}`);
    case 'true_false':
      return [`key: **${q.correctAnswer ? 'True' : 'False'}**`];
    case 'matching':
      return q.options.left.map((l, i) => `${l} → ${q.options.right[q.correctAnswer[i]]}`);
    case 'ordering':
    case 'priority_ranking':
      return q.correctAnswer.map((i, n) => `${n + 1}. ${q.options[i]}`);
    case 'sorting_groups':
      return q.options.groups.map((g, gi) => `${g}: ${q.options.items.filter((_, i) => q.correctAnswer[i] === gi).join('; ')}`);
    case 'drag_drop':
      return q.options.targets.map((t, ti) => `${t} ← ${q.options.items.filter((_, i) => q.correctAnswer[i] === ti).join('; ')}`);
    case 'fill_gaps':
      return [`text: ${q.options.text}`, `bank: ${(q.options.wordBank ?? []).join(', ')}`, `key: ${q.correctAnswer.map((a) => a.join(' / ')).join(' | ')}`];
  }
}

export interface ReviewOptions {
  types: QuestionType[];
  count: number;
  perChapter: number;
  /** The folder of the transcripts and their manifest.json (the evaluation set by default). */
  dir?: string;
}

/** The Markdown sheet for one transcript, and the figures rule tests use. */
export function reviewOne(entry: ManifestEntry, opts: ReviewOptions): string {
  const text = readFileSync(join(opts.dir ?? TRANSCRIPTS_DIR, entry.file), 'utf8');
  const parsed = parseTranscript(text, { durationSeconds: entry.durationSeconds });
  const started = process.hrtime.bigint();
  const result = writeQuestions({ title: entry.title, segments: parsed.segments, durationSeconds: entry.durationSeconds, settings: { questionTypes: opts.types, interactionCount: opts.count, questionsPerChapter: opts.perChapter } });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  const { lecture } = result;
  const out: string[] = [];
  out.push(`## ${entry.file}`, '');
  out.push(`${entry.subject}, ${entry.audience}, ${entry.format}${entry.punctuated ? '' : ' (unpunctuated)'}, ${clock(entry.durationSeconds)}; ${ms.toFixed(0)} ms`);
  out.push(`- lesson title: **${lessonTitle(lecture)}** (author's subject: ${entry.mainSubject})`);
  out.push(`- audience estimate: ${lecture.audience} (grade ${lecture.grade.toFixed(1)})`);
  out.push(`- chapters: ${lecture.chapters.length} (author's sections: ${entry.sections}): ${lecture.chapters.map((c) => `${c.title} [${clock(c.start)}]`).join(' · ')}`);
  out.push(`- material: ${lecture.definitions.length} definitions, ${lecture.categories.length} categories, ${lecture.sequences.length} sequences, ${lecture.rankings.length} rankings, ${lecture.rules.length} rules`);
  for (const n of result.notes) out.push(`- note: ${n.message}`);
  out.push('');
  result.questions.forEach((q, i) => {
    out.push(`### ${i + 1}. ${q.type} at ${clock(q.timestamp)} — ${q.topicTitle}`);
    if (q.type === 'scenario') out.push(`> ${q.scenario}`);
    out.push(`**${q.question}**`, '');
    for (const line of answerLines(q)) out.push(`- ${line}`);
    out.push('', `- correct: ${q.feedback.correct}`, `- incorrect: ${q.feedback.incorrect}`, `- explanation: ${q.feedback.explanation ?? ''}`, '');
  });
  return out.join('\n');
}

function main(): void {
  const args = process.argv.slice(2);
  const arg = (name: string) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const opts: ReviewOptions = {
    types: (arg('--types')?.split(',') as QuestionType[] | undefined) ?? [...QUESTION_TYPES],
    count: Number(arg('--count') ?? 8),
    perChapter: Number(arg('--per-chapter') ?? 1),
    dir: args.includes('--holdout') ? HOLDOUT_DIR : (arg('--dir') ?? TRANSCRIPTS_DIR),
  };
  const only = arg('--only');
  const sheet = [`# Generated questions (${opts.types.length} types, ${opts.count} questions, ${opts.perChapter} per chapter)`, ''];
  for (const entry of loadManifest(opts.dir)) if (!only || entry.file.includes(only)) sheet.push(reviewOne(entry, opts));
  const outFile = arg('--out');
  if (outFile) writeFileSync(outFile, sheet.join('\n'));
  else process.stdout.write(sheet.join('\n') + '\n');
}

if (require.main === module) main();
