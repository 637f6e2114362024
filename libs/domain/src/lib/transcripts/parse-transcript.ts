import { collapseWhitespace, decodeEntities, normaliseNewlines, roundMs } from './text';
import { countWords } from './tokenizer';

export type TranscriptFormat = 'srt' | 'webvtt' | 'youtube' | 'plain';

/** One timed piece of a transcript, in seconds from the start of the video. */
export interface TranscriptSegment {
  start: number;
  end: number;
  text: string;
}

export interface ParsedTranscript {
  format: TranscriptFormat;
  segments: TranscriptSegment[];
}

export interface ParseTranscriptOptions {
  /** Length of the video in seconds; spreads plain text over it and caps the last segment. */
  durationSeconds?: number;
}

/** Speaking rate used to estimate durations when a transcript carries no timing. */
export const WORDS_PER_MINUTE = 150;

const TS = String.raw`(?:(\d{1,3}):)?(\d{1,2}):(\d{1,2})(?:[.,](\d{1,3}))?`;
const CUE_TIMING = new RegExp(String.raw`^\s*${TS}\s*-{1,2}>\s*${TS}(?:\s.*)?$`);
const YT_STAMP = /^\s*[[(]?(\d{1,2}(?::\d{1,2}){1,2})[\])]?(?:\s+(.*))?$/;
/** Accessibility label the newer YouTube transcript panel copies under each time: "1 minute, 5 seconds". */
const YT_SPOKEN_TIME = /^\s*\d+\s+(?:hours?|minutes?|seconds?)(?:,?\s+\d+\s+(?:hours?|minutes?|seconds?))*\s*$/i;

/**
 * Parses a pasted transcript. Detection order: WebVTT (header), SRT / header-less cues ("-->" timing lines),
 * the copy of YouTube's "Show transcript" panel (timestamps such as 0:05 or 1:02:03 on their own line or
 * leading a line), then plain text spread over the duration. Never throws: anything odd falls back to plain.
 *
 * Cue formats keep each cue's own end time; YouTube copies end each segment at the next start; the last
 * segment ends after an estimate of its speaking time (150 words/minute), capped by durationSeconds.
 */
export function parseTranscript(text: string, options: ParseTranscriptOptions = {}): ParsedTranscript {
  const duration = validDuration(options?.durationSeconds);
  if (typeof text !== 'string') return { format: 'plain', segments: [] };
  try {
    const source = normaliseNewlines(text);
    const cues = parseCues(source);
    if (cues && cues.segments.length > 0) return cues;
    const youtube = parseYouTubeCopy(source, duration);
    if (youtube && youtube.length > 0) return { format: 'youtube', segments: youtube };
    return { format: 'plain', segments: parsePlain(source, duration) };
  } catch {
    try {
      return { format: 'plain', segments: parsePlain(String(text), duration) };
    } catch {
      return { format: 'plain', segments: [] };
    }
  }
}

function validDuration(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : undefined;
}

function parseTime(h: string | undefined, m: string, s: string, ms: string | undefined): number {
  const fraction = ms ? parseInt(ms.padEnd(3, '0'), 10) / 1000 : 0;
  return (h ? parseInt(h, 10) * 3600 : 0) + parseInt(m, 10) * 60 + parseInt(s, 10) + fraction;
}

/** Seconds spent saying a text at WORDS_PER_MINUTE (at least one second). */
function speakingSeconds(text: string): number {
  return Math.max(1, (countWords(text) / WORDS_PER_MINUTE) * 60);
}

/** Strips cue markup: <c.x>, <v Speaker>, <i>, <00:00:01.000>, {\an8}; decodes entities; collapses spaces. */
function cleanCueText(text: string): string {
  const noTags = text.replace(/<[^>\n]*>/g, '').replace(/\{\\[^}\n]*\}/g, '');
  return cleanText(noTags);
}

/** Sound annotations that auto-captions insert: [Music], [Applause], ♪. */
const ANNOTATION = /\[(?:music|applause|laughter|laughs|inaudible|silence|noise|background noise|cheering|crosstalk|no audio|foreign)\]|[♪♫]/gi;

function cleanText(text: string): string {
  return collapseWhitespace(decodeEntities(text).replace(ANNOTATION, ' '));
}

interface RawCue {
  start: number;
  end: number;
  lines: string[];
}

/** SRT and WebVTT, read line by line so that a missing index or blank line does not lose cues. */
function parseCues(source: string): ParsedTranscript | null {
  const lines = source.split('\n');
  const firstContent = lines.find((l) => l.trim() !== '') ?? '';
  const isVtt = /^WEBVTT\b/.test(firstContent.trim());
  if (!lines.some((l) => CUE_TIMING.test(l))) return null;

  const cues: RawCue[] = [];
  let current: RawCue | null = null;
  let pending: string[] = [];
  let skipBlock = false;

  const closeCurrent = () => {
    if (current) cues.push(current);
    current = null;
  };

  for (const line of lines) {
    const timing = CUE_TIMING.exec(line);
    if (timing) {
      const open = current as RawCue | null;
      if (open && open.lines.length > 1 && /^\s*\d+\s*$/.test(open.lines[open.lines.length - 1])) {
        open.lines.pop(); // SRT index written without the blank line before it
      }
      closeCurrent();
      // Lines met between cues: the last one is a cue id (any text in WebVTT, a number in SRT);
      // earlier ones (outside NOTE/STYLE blocks) are text that a stray blank line cut from the previous cue.
      if (!skipBlock && pending.length > 0) {
        const last = pending[pending.length - 1];
        const isId = isVtt || /^\s*\d+\s*$/.test(last);
        const orphans = isId ? pending.slice(0, -1) : pending;
        const previous = cues[cues.length - 1];
        if (previous && orphans.length > 0) previous.lines.push(...orphans);
      }
      pending = [];
      skipBlock = false;
      const start = parseTime(timing[1], timing[2], timing[3], timing[4]);
      const end = parseTime(timing[5], timing[6], timing[7], timing[8]);
      current = { start, end, lines: [] };
    } else if (line.trim() === '') {
      closeCurrent();
      pending = [];
      skipBlock = false;
    } else if (current) {
      (current as RawCue).lines.push(line);
    } else {
      if (pending.length === 0 && /^(WEBVTT|NOTE|STYLE|REGION)\b/.test(line.trim())) skipBlock = true;
      pending.push(line);
    }
  }
  closeCurrent();

  const segments: TranscriptSegment[] = [];
  let previous: string[] = [];
  for (const cue of cues) {
    const cleaned = cue.lines.map(cleanCueText).filter(Boolean);
    // Auto-generated YouTube captions roll: a cue repeats the previous cue's last line(s) first.
    let drop = 0;
    for (let k = Math.min(cleaned.length, previous.length); k > 0 && drop === 0; k--) {
      if (cleaned.slice(0, k).every((l, j) => l === previous[previous.length - k + j])) drop = k;
    }
    previous = cleaned;
    const text = collapseWhitespace(cleaned.slice(drop).join(' '));
    const last = segments[segments.length - 1];
    if (!text) {
      if (drop > 0 && last && cue.end > last.end) last.end = roundMs(cue.end);
      continue;
    }
    const start = roundMs(cue.start);
    const end = cue.end > cue.start ? roundMs(cue.end) : roundMs(cue.start + speakingSeconds(text));
    segments.push({ start, end, text });
  }
  segments.sort((a, b) => a.start - b.start);
  return { format: isVtt ? 'webvtt' : 'srt', segments };
}

/** The text copied from YouTube's transcript panel: a timestamp line then text lines, or "0:05 text". */
function parseYouTubeCopy(source: string, duration: number | undefined): TranscriptSegment[] | null {
  const lines = source.split('\n').map((l) => l.trim()).filter((l) => l !== '' && !YT_SPOKEN_TIME.test(l));
  if (lines.length === 0) return null;
  const stamps = lines.map((l) => {
    const m = YT_STAMP.exec(l);
    if (!m) return null;
    const parts = m[1].split(':').map((p) => parseInt(p, 10));
    if (parts.slice(1).some((p) => p >= 60)) return null;
    const seconds = parts.reduce((acc, p) => acc * 60 + p, 0);
    return { seconds, rest: (m[2] ?? '').replace(/^[-–—:|]\s*/, '') };
  });
  const stampCount = stamps.filter(Boolean).length;
  if (stampCount < 2 || stampCount / lines.length < 0.2) return null;
  const times = stamps.filter((s): s is { seconds: number; rest: string } => s !== null).map((s) => s.seconds);
  let ordered = 0;
  for (let i = 1; i < times.length; i++) if (times[i] >= times[i - 1]) ordered++;
  if (ordered < (times.length - 1) * 0.8) return null;

  const raw: Array<{ start: number; parts: string[] }> = [];
  let leading: string[] = []; // text before the first timestamp (a title or chapter heading)
  lines.forEach((line, i) => {
    const stamp = stamps[i];
    if (stamp) {
      raw.push({ start: stamp.seconds, parts: stamp.rest ? [stamp.rest] : [] });
      if (leading.length > 0 && raw.length === 1) {
        raw[0].parts.unshift(...leading);
        leading = [];
      }
    } else if (raw.length > 0) {
      raw[raw.length - 1].parts.push(line); // text lines and untimed chapter headings
    } else {
      leading.push(line);
    }
  });

  const kept = raw.map((r) => ({ start: r.start, text: cleanText(r.parts.join(' ')) })).filter((r) => r.text !== '');
  return kept.map((r, i) => {
    const next = kept[i + 1];
    let end = next ? Math.max(next.start, r.start) : r.start + speakingSeconds(r.text);
    if (!next && duration !== undefined && duration > r.start) end = Math.min(end, duration);
    return { start: roundMs(r.start), end: roundMs(end), text: r.text };
  });
}

const ABBREVIATIONS = /(?:\b(?:mr|mrs|ms|dr|prof|sr|jr|st|vs|etc|fig|no|approx|e\.g|i\.e|cf|al)|\b\p{Lu})\.$/iu;
const MAX_SENTENCE_WORDS = 40;
const CHUNK_WORDS = 25;

/** Splits plain text into sentences (very long unpunctuated runs are cut into ~25-word chunks). */
export function splitSentences(source: string): string[] {
  const paragraphs = normaliseNewlines(source).split(/\n\s*\n/);
  const sentences: string[] = [];
  for (const paragraph of paragraphs) {
    const text = cleanText(paragraph);
    if (!text) continue;
    const pieces = text.split(/(?<=[.!?…]["'”’)\]]?)\s+(?=["'“‘([]?[\p{Lu}\p{N}])/u);
    let buffer = '';
    for (const piece of pieces) {
      buffer = buffer ? `${buffer} ${piece}` : piece;
      if (ABBREVIATIONS.test(buffer)) continue;
      sentences.push(...chunkLong(buffer));
      buffer = '';
    }
    if (buffer) sentences.push(...chunkLong(buffer));
  }
  return sentences;
}

function chunkLong(sentence: string): string[] {
  const words = sentence.split(' ');
  if (words.length <= MAX_SENTENCE_WORDS) return [sentence];
  const chunks: string[] = [];
  let current: string[] = [];
  for (const word of words) {
    current.push(word);
    const atClause = /[,;:]$/.test(word) && current.length >= CHUNK_WORDS * 0.6;
    if (atClause || current.length >= CHUNK_WORDS * 1.4) {
      chunks.push(current.join(' '));
      current = [];
    }
  }
  if (current.length > 0) {
    if (current.length < 5 && chunks.length > 0) chunks[chunks.length - 1] += ` ${current.join(' ')}`;
    else chunks.push(current.join(' '));
  }
  return chunks;
}

/** Plain text: sentences spread over the duration in proportion to their length. */
function parsePlain(source: string, duration: number | undefined): TranscriptSegment[] {
  const sentences = splitSentences(source);
  if (sentences.length === 0) return [];
  const weights = sentences.map((s) => Math.max(1, s.replace(/\s+/g, '').length));
  const totalWeight = weights.reduce((a, b) => a + b, 0);
  const totalWords = sentences.reduce((acc, s) => acc + countWords(s), 0);
  const total = duration ?? Math.max(1, (totalWords / WORDS_PER_MINUTE) * 60);
  const segments: TranscriptSegment[] = [];
  let cumulative = 0;
  sentences.forEach((text, i) => {
    const start = (cumulative / totalWeight) * total;
    cumulative += weights[i];
    const end = i === sentences.length - 1 ? total : (cumulative / totalWeight) * total;
    segments.push({ start: roundMs(start), end: roundMs(end), text });
  });
  return segments;
}
