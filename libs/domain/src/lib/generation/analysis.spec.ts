import { Chapter, TranscriptSegment, buildChapters, parseTranscript } from '../transcripts';
import { analyseTranscript } from './analysis';
import { BIOLOGY_SRT, HISTORY_YOUTUBE } from './fixtures';

function analyse(text: string, duration: number) {
  const { segments } = parseTranscript(text, { durationSeconds: duration });
  const chapters = buildChapters(segments, { durationSeconds: duration });
  return analyseTranscript(segments, chapters);
}

describe('analyseTranscript', () => {
  const bio = analyse(BIOLOGY_SRT.text, BIOLOGY_SRT.durationSeconds);
  const displays = (ids: number[]) => ids.map((id) => bio.terms[id].display);

  it('joins caption cues into whole sentences timed by their cues', () => {
    const s = bio.sentences.find((x) => x.text.startsWith('Oxygen is the final electron acceptor'));
    expect(s?.text).toBe('Oxygen is the final electron acceptor.');
    expect(s && s.end > s.start).toBe(true);
    expect(bio.sentences.every((x, i) => i === 0 || x.start >= bio.sentences[i - 1].start)).toBe(true);
  });

  it('finds repeated phrases as key terms and keeps their parts out when they only occur inside them', () => {
    const all = bio.terms.map((t) => t.display);
    expect(all).toEqual(expect.arrayContaining(['electron transport chain', 'Krebs cycle', 'ATP synthase', 'glycolysis']));
    expect(all).not.toContain('transport chain');
    expect(all).not.toContain('transport');
  });

  it('ranks each chapter by its own distinctive terms', () => {
    const first = displays(bio.chapterTerms[0].slice(0, 8));
    expect(first).toEqual(expect.arrayContaining(['glycolysis']));
    const last = displays(bio.chapterTerms[bio.chapterTerms.length - 1].slice(0, 8));
    expect(last.some((t) => /fermentation/i.test(t))).toBe(true);
  });

  it('reads definitions the speaker gives, without the term itself in them', () => {
    const defs = bio.definitions.map((d) => `${bio.terms[d.term].display} = ${d.text}`);
    expect(defs).toEqual(expect.arrayContaining(['cellular respiration = the process that breaks down glucose to release energy in the form of ATP']));
    expect(defs).toContain('acetyl CoA = the molecule that actually enters the Krebs cycle');
    for (const d of bio.definitions) expect(d.text.toLowerCase()).not.toContain(bio.terms[d.term].display.toLowerCase());
  });

  it('keeps names, years and acronyms said once, and lower-cases words only capitalised at a sentence start', () => {
    const history = analyse(HISTORY_YOUTUBE.text, HISTORY_YOUTUBE.durationSeconds);
    const all = history.terms.map((t) => t.display);
    expect(all).toEqual(expect.arrayContaining(['1764', 'Derbyshire', 'Factory Act']));
    expect(history.terms.find((t) => t.display === '1764')?.kind).toBe('year');
    expect(all).toContain('canal');
    expect(all).not.toContain('Canal');
  });

  it('tells nouns from verbs', () => {
    const segments: TranscriptSegment[] = [
      { start: 0, end: 5, text: 'Everyone signs in at the gatehouse. The sign in sheet is kept at the gatehouse.' },
      { start: 5, end: 10, text: 'The cell divides the nucleus. A promise is an object. Then the enzyme divides a promise.' },
    ];
    const chapters: Chapter[] = [{ index: 0, title: 'Rules', start: 0, end: 10, text: '' }];
    const a = analyseTranscript(segments, chapters);
    const term = (display: string) => a.terms.find((t) => t.display === display);
    expect(term('gatehouse')?.nounLike).toBe(true);
    expect(term('promise')?.nounLike).toBe(true);
    expect(term('divides')?.nounLike).toBe(false);
    expect(term('signs')?.nounLike ?? false).toBe(false);
  });

  it('returns nothing for no chapters or no text', () => {
    expect(analyseTranscript([], []).sentences).toEqual([]);
    expect(analyseTranscript([{ start: 0, end: 1, text: '   ' }], [{ index: 0, title: 'A', start: 0, end: 1, text: '' }]).terms).toEqual([]);
  });
});
