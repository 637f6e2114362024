import type { Chapter, TranscriptSegment } from '@veolearn/domain';
import { Audience, estimateAudience } from './audience';
import { Category, Definition, Naming, Ranking, Rule, Sequence, findCategories, findDefinitions, findNamings, findRankings, findRules, findSequences } from './facts';
import { INTRODUCTIONS, buildOutline, lessonSubject, sameTitle } from './outline';
import { Sentence, examplePeople, isGivenName, isUnpunctuated, readLecture } from './sentences';
import { Term, countByChapter, findTerms, titleCase } from './terms';
import { NameKinds, findNameKinds } from './names';
import { isKnown } from './wordnet';

/** Everything the writer knows about a lecture. */
export interface Lecture {
  sentences: Sentence[];
  chapters: Chapter[];
  terms: Term[];
  termByKey: Map<string, Term>;
  /** The term occurrences of each sentence (index = sentence index). */
  bySentence: Array<Array<{ term: Term; token: number; length: number; surface: string }>>;
  definitions: Definition[];
  /** Descriptions the speaker names right away ("… This is called subduction."). */
  namings: Naming[];
  categories: Category[];
  sequences: Sequence[];
  rankings: Ranking[];
  rules: Rule[];
  audience: Audience;
  /** Flesch–Kincaid grade of the speech. */
  grade: number;
  /**
   * For unpunctuated captions: how many sentences were restored and how many of them read as one complete
   * clause (the rest are never quoted). Absent for punctuated transcripts.
   */
  restored?: { sentences: number; trusted: number };
  /** What kind of thing each name is, as the speaker describes it ("a king called Narmer"). */
  nameKinds: NameKinds;
  /** The lesson's main subject as the speaker names it ("photosynthesis"), if found. */
  subject: string | null;
  durationSeconds: number;
}

export interface AnalyseOptions {
  /** Length of the video in seconds, when known; the last chapter ends there. */
  durationSeconds?: number;
}

/**
 * Reads a timed transcript: sentences (captions re-segmented), parts of speech, noun phrases and their
 * classes, chapters by topic shift with titles the speaker uses, definitions, categories, sequences,
 * rankings, if-then rules, and the audience.
 */
export function analyseLecture(segments: readonly TranscriptSegment[], options: AnalyseOptions = {}): Lecture {
  let sentences = readLecture(Array.isArray(segments) ? segments : []);
  // A lecture for children is read again with "we" and "your" as anyone ("We hear with our ears.").
  if (estimateAudience(sentences).audience === 'children') sentences = readLecture(Array.isArray(segments) ? segments : [], { children: true });
  const lastEnd = sentences.length > 0 ? sentences[sentences.length - 1].end : 0;
  const durationSeconds = typeof options.durationSeconds === 'number' && Number.isFinite(options.durationSeconds) && options.durationSeconds > 0 ? options.durationSeconds : lastEnd;
  let terms = findTerms(sentences, 1);
  // A chapter is never titled with a made-up example person ("Alex").
  const people = examplePeople(sentences);
  // Nor with a first name WordNet does not know ("Thank you, Priya."): a person in the room, not a topic.
  const titled = terms.filter((t) => !people.has(t.display) && !(/^[A-Z][a-z]+$/.test(t.display) && isGivenName(t.display) && !isKnown(t.display.toLowerCase(), 'noun')));
  const chapters = buildOutline(sentences, titled, durationSeconds, (count) => countByChapter(terms, sentences, count));
  // The people of a worked example ("Alice", "Bob") are never swapped into a statement nor offered as an option.
  terms = terms.filter((t) => t.occurrences.length > 0 && !t.display.split(/[\s']+/).some((w) => people.has(w)));
  const { audience, grade } = estimateAudience(sentences);
  const definitions = findDefinitions(sentences);
  const bySentence: Lecture['bySentence'] = sentences.map(() => []);
  for (const term of terms) for (const o of term.occurrences) bySentence[o.sentence].push({ term, token: o.token, length: o.length, surface: o.surface });
  // A rule is about the lesson's subject: it names something of the lecture ("Press firmly on the wound."),
  // not an aside to the class ("Try not to get too hot.").
  for (const s of sentences) if (s.rule && bySentence[s.index].length === 0) s.rule = false;
  const subject = lessonSubject(sentences, terms, definitions[0]);
  // The opening chapter that frames the lesson is titled with the lesson's subject, when no other chapter has it.
  if (subject && chapters[0] && INTRODUCTIONS.has(chapters[0])) {
    // ("Your Five Senses" for children: a chapter title names the thing, "Five Senses".)
    const title = titleCase(subject.replace(/^(?:(?:today|now|so|and|ok|okay|the|a|an|your|our|my)\s+)+/i, '')).slice(0, 60);
    if (!chapters.some((c) => sameTitle(c.title) === sameTitle(title))) chapters[0].title = title;
  }
  return {
    sentences,
    chapters,
    terms,
    termByKey: new Map(terms.map((t) => [t.display.toLowerCase(), t])),
    bySentence,
    definitions,
    namings: findNamings(sentences),
    categories: findCategories(sentences),
    sequences: findSequences(sentences),
    rankings: findRankings(sentences),
    rules: findRules(sentences),
    audience,
    grade,
    subject,
    nameKinds: findNameKinds(sentences),
    restored: isUnpunctuated(segmentsOf(segments)) ? { sentences: sentences.length, trusted: sentences.filter((s) => !s.doubtful).length } : undefined,
    durationSeconds,
  };
}

function segmentsOf(segments: readonly TranscriptSegment[]): TranscriptSegment[] {
  return (Array.isArray(segments) ? segments : []).filter((s) => s && typeof s.text === 'string' && Number.isFinite(s.start));
}

/** "Lesson: Photosynthesis": the lesson title from its main subject, else from its first chapter. */
export function lessonTitle(lecture: Lecture): string {
  // "GROUP BY": a keyword in capitals stays as said.
  if (lecture.subject && /^[A-Z]{2,}(?:\s+[A-Z]{2,})+$/.test(lecture.subject)) return lecture.subject;
  if (lecture.subject) return titleCase(lecture.subject.replace(/^(?:today|now|so|and|ok|okay)\s+/i, '')).slice(0, 120);
  return lecture.chapters[0]?.title ?? 'Transcript lesson';
}
