/** Largest captions file accepted (WebVTT or SRT text). */
export const CAPTIONS_MAX_BYTES = 2 * 1024 * 1024;

/**
 * First line of captions built from a transcript's timing. Captions a person uploads are always
 * rewritten with a bare 'WEBVTT' header, so this line tells generated captions apart.
 */
export const GENERATED_CAPTIONS_HEADER = 'WEBVTT - Captions from the transcript';

export const CAPTIONS_INVALID = 'Captions must be a WebVTT or SRT file with at least one timed cue (for example "00:00:01.000 --> 00:00:04.000").';

/** The text is not WebVTT or SRT, or has no usable cue. */
export class CaptionsError extends Error {
  constructor(message = CAPTIONS_INVALID) {
    super(message);
    this.name = 'CaptionsError';
  }
}

export interface CaptionCue {
  /** WebVTT cue identifier (kept from WebVTT input; SRT numbers are dropped). */
  id?: string;
  /** Seconds. */
  start: number;
  end: number;
  /** WebVTT cue settings such as 'line:0 align:start'. */
  settings?: string;
  /** Cue text lines, already valid WebVTT cue text. */
  lines: string[];
}

const TIME = String.raw`(?:(\d{1,4}):)?(\d{1,2}):(\d{2})(?:[.,](\d{1,3}))?`;
const TIMING = new RegExp(String.raw`^\s*${TIME}\s*-->\s*${TIME}(.*)$`);
const VTT_HEADER = /^WEBVTT(?:[ \t].*)?$/;
const VTT_SETTING = /^(?:vertical|line|position|size|align|region):\S+$/;
/** Markup WebVTT knows: class, italic, bold, underline, voice, language, ruby spans and timestamps. */
const VTT_TAG =
  /^<(?:\/(?:c|i|b|u|v|lang|ruby|rt)|(?:c|i|b|u|ruby|rt)(?:\.[\w-]+)*|(?:v|lang)(?:\.[\w-]+)*[ \t][^<>]*|(?:\d{2,}:)?\d{2}:\d{2}\.\d{3})>$/;
const ENTITY = /^&(?:[a-zA-Z][a-zA-Z0-9]*|#\d+|#x[0-9a-fA-F]+);/;

function seconds(h: string | undefined, m: string, s: string, ms: string | undefined): number {
  const fraction = ms ? Number(ms.padEnd(3, '0')) / 1000 : 0;
  return (h ? Number(h) * 3600 : 0) + Number(m) * 60 + Number(s) + fraction;
}

/** Seconds as a WebVTT timestamp: 'HH:MM:SS.mmm'. */
export function formatVttTime(value: number): string {
  const totalMs = Math.max(0, Math.round(value * 1000));
  const ms = totalMs % 1000;
  const totalSeconds = Math.floor(totalMs / 1000);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(Math.floor(totalSeconds / 3600))}:${pad(Math.floor(totalSeconds / 60) % 60)}:${pad(totalSeconds % 60)}.${pad(ms, 3)}`;
}

/**
 * One line of cue text made valid WebVTT: known tags stay, other markup (SRT <font>, {\an8}) goes,
 * a stray '<' or '&' is escaped and '-->' (which would end the cue) is escaped too.
 */
function cueLine(line: string): string {
  const cleaned = line
    .replace(/\{\\[^}\n]*\}/g, '')
    .replace(/<[/a-zA-Z0-9][^<>\n]*>|[<&]/g, (token, offset: number, whole: string) => {
      if (token === '&') return ENTITY.test(whole.slice(offset)) ? '&' : '&amp;';
      if (token === '<') return '&lt;';
      return VTT_TAG.test(token) && !token.endsWith('-->') ? token : '';
    })
    .replace(/-->/g, '--&gt;');
  return cleaned.replace(/\s+$/, '');
}

/** Plain text (a transcript segment) as WebVTT cue text. */
function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function settingsOf(rest: string, webvtt: boolean): string | undefined {
  if (!webvtt) return undefined;
  const kept = rest.trim().split(/\s+/).filter((token) => VTT_SETTING.test(token));
  return kept.length > 0 ? kept.join(' ') : undefined;
}

/**
 * The cues of WebVTT or SRT text, line by line: a timing line opens a cue, the line before it is its
 * identifier, lines up to the next blank line are its text. Header, NOTE, STYLE and REGION blocks
 * are skipped. Cues without text or with an end not after their start are dropped.
 */
export function parseCaptionCues(text: string): CaptionCue[] {
  const lines = text.replace(/^\ufeff/, '').replace(/\0/g, '').replace(/\r\n?/g, '\n').split('\n');
  const firstContent = lines.find((l) => l.trim() !== '')?.trim() ?? '';
  const webvtt = VTT_HEADER.test(firstContent);
  const cues: CaptionCue[] = [];
  let current: CaptionCue | null = null;
  let pending: string[] = [];
  let skipping = false;

  for (const line of lines) {
    const timing = TIMING.exec(line);
    if (timing) {
      // An SRT number written without the blank line before it belongs to this cue, not the last one.
      if (current && !webvtt && current.lines.length > 1 && /^\s*\d+\s*$/.test(current.lines[current.lines.length - 1])) {
        current.lines.pop();
      }
      if (current) cues.push(current);
      const id = pending.length > 0 && !skipping ? pending[pending.length - 1].trim() : '';
      current = {
        ...(webvtt && id && !id.includes('-->') ? { id } : {}),
        start: seconds(timing[1], timing[2], timing[3], timing[4]),
        end: seconds(timing[5], timing[6], timing[7], timing[8]),
        settings: settingsOf(timing[9], webvtt),
        lines: [],
      };
      pending = [];
      skipping = false;
    } else if (line.trim() === '') {
      if (current) cues.push(current);
      current = null;
      pending = [];
      skipping = false;
    } else if (current) {
      current.lines.push(line);
    } else {
      if (pending.length === 0 && /^(?:WEBVTT|NOTE|STYLE|REGION)(?:\s|$)/.test(line.trim())) skipping = true;
      pending.push(line);
    }
  }
  if (current) cues.push(current);

  return cues
    .map((cue) => ({ ...cue, lines: cue.lines.map(cueLine).filter((l) => l.trim() !== '') }))
    .filter((cue) => cue.lines.length > 0 && cue.end > cue.start)
    .map((cue, index) => ({ cue, index }))
    .sort((a, b) => a.cue.start - b.cue.start || a.index - b.index)
    .map(({ cue }) => cue);
}

/** Cues as a WebVTT document; `header` is its first line. */
export function cuesToVtt(cues: CaptionCue[], header = 'WEBVTT'): string {
  const blocks = cues.map((cue) => {
    const timing = `${formatVttTime(cue.start)} --> ${formatVttTime(cue.end)}${cue.settings ? ` ${cue.settings}` : ''}`;
    return [...(cue.id ? [cue.id] : []), timing, ...cue.lines].join('\n');
  });
  return `${[header, ...blocks].join('\n\n')}\n`;
}

/**
 * Uploaded captions, WebVTT or SRT, rewritten as clean WebVTT (a bare 'WEBVTT' header, ordered cues,
 * 'HH:MM:SS.mmm' timings, escaped text). Throws CaptionsError when there is no timed cue.
 */
export function normaliseCaptions(text: string): string {
  if (typeof text !== 'string') throw new CaptionsError();
  const cues = parseCaptionCues(text);
  if (cues.length === 0) throw new CaptionsError();
  return cuesToVtt(cues);
}

/** SRT subtitles as WebVTT (the same as normaliseCaptions, which also reads SRT). */
export function srtToVtt(text: string): string {
  return normaliseCaptions(text);
}

/** Whether stored captions were built from a transcript rather than uploaded by a person. */
export function isGeneratedCaptions(vtt: string | null | undefined): boolean {
  return typeof vtt === 'string' && vtt.startsWith(`${GENERATED_CAPTIONS_HEADER}\n`);
}

/**
 * Captions from timed transcript segments (seconds and plain text), marked with the
 * GENERATED_CAPTIONS_HEADER; null when no segment has text and a positive length.
 */
export function segmentsToVtt(segments: ReadonlyArray<{ start: number; end: number; text: string }>): string | null {
  const cues: CaptionCue[] = segments
    .filter((s) => Number.isFinite(s.start) && Number.isFinite(s.end) && s.end > s.start && s.start >= 0)
    .map((s) => ({ start: s.start, end: s.end, lines: [escapeText(s.text.replace(/\s+/g, ' ').trim())] }))
    .filter((cue) => cue.lines[0] !== '');
  return cues.length > 0 ? cuesToVtt(cues, GENERATED_CAPTIONS_HEADER) : null;
}
