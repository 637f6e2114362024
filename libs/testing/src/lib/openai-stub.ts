import { createServer, IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local OpenAI-compatible server for tests and benchmarks: POST /v1/chat/completions in the OpenAI
 * wire format, answering deterministically according to its mode.
 *
 * It reads what to write from the user message line that starts with `INPUT_JSON: ` (written by the
 * generation-service's OpenAI provider, apps/generation-service/src/app/providers/openai-schema.ts):
 * `{title, durationSeconds, chapters: [{index, title, start, end, transcript}], questions: [{slot, chapterIndex, type}]}`,
 * and answers `{"questions": [...]}` with one item per requested slot in the provider's answer schema
 * (type, chapterIndex, question, timestamp, the type's options/correctAnswer (scenario: also scenario),
 * feedback {correct, incorrect, explanation}).
 */
export type OpenAiStubMode =
  /** Valid questions of exactly the requested types, built from the chapters' text and times. */
  | 'good'
  /** Text that is not JSON. */
  | 'malformed'
  /** Valid questions for the first half of the slots (rounded up), wrong shapes for the rest. */
  | 'partial'
  /** Valid questions for fewer than half of the slots, wrong shapes for the rest. */
  | 'mostly-wrong'
  /** The first call since the mode was set is malformed, the next ones good. */
  | 'malformed-then-good'
  /** Never answers (until close()), so the client times out. */
  | 'timeout'
  | 'error-500'
  /** 429 rate_limit_exceeded. */
  | 'rate-limited'
  /** 400 invalid_request_error, as OpenAI answers an unsupported schema or parameter. */
  | 'bad-request';

export interface OpenAiStubOptions {
  /** The key clients must send as `Authorization: Bearer <key>` (default 'test-openai-key'). */
  apiKey?: string;
  mode?: OpenAiStubMode;
}

export interface StubChatMessage {
  role: string;
  content?: unknown;
}

/** A received request body (only the fields the stub reads are typed). */
export interface StubChatRequest {
  model?: string;
  messages?: StubChatMessage[];
  temperature?: number;
  response_format?: { type?: string; json_schema?: { name?: string; strict?: boolean; schema?: Record<string, unknown> } };
  [key: string]: unknown;
}

export interface OpenAiStub {
  /** Base URL for the OpenAI SDK and OPENAI_BASE_URL, ending in /v1. */
  url: string;
  apiKey: string;
  /** Every body POSTed to /v1/chat/completions, in order (also unauthorised ones). */
  requests: StubChatRequest[];
  /** Number of chat completion requests received. */
  readonly calls: number;
  /** Switches the mode; 'malformed-then-good' counts its calls from here. */
  setMode(mode: OpenAiStubMode): void;
  /** Waits this long before every answer (0 by default), like a slow model. */
  setDelay(ms: number): void;
  /** Answers 400 (a permanent refusal) to requests for lessons whose title contains this text; null for none. */
  refuseTitle(text: string | null): void;
  close(): Promise<void>;
}

/** Same prefix as INPUT_LINE_PREFIX in the provider's openai-schema.ts. */
const INPUT_LINE_PREFIX = 'INPUT_JSON: ';
export const OPENAI_STUB_API_KEY = 'test-openai-key';

interface StubChapter {
  index: number;
  title: string;
  start: number;
  end: number;
  transcript: string;
}

interface StubInput {
  title: string;
  durationSeconds: number;
  chapters: StubChapter[];
  questions: Array<{ slot: number; chapterIndex: number; type: string }>;
}

type Item = Record<string, unknown>;

/** Starts the stub on 127.0.0.1 with a free port. */
export async function startOpenAiStub(options: OpenAiStubOptions = {}): Promise<OpenAiStub> {
  const apiKey = options.apiKey ?? OPENAI_STUB_API_KEY;
  let mode: OpenAiStubMode = options.mode ?? 'good';
  let callsInMode = 0;
  let refusedTitle: string | null = null;
  let delayMs = 0;
  const requests: StubChatRequest[] = [];

  const server = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      sendError(res, 500, error instanceof Error ? error.message : String(error), 'server_error', null);
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? '').split('?')[0];
    if (req.method !== 'POST' || path !== '/v1/chat/completions') {
      return sendError(res, 404, `Unknown request URL: ${req.method} ${path}.`, 'invalid_request_error', 'unknown_url');
    }
    const raw = await readBody(req);
    let body: StubChatRequest;
    try {
      body = JSON.parse(raw) as StubChatRequest;
    } catch {
      return sendError(res, 400, 'We could not parse the JSON body of your request.', 'invalid_request_error', null);
    }
    requests.push(body);
    if (req.headers.authorization !== `Bearer ${apiKey}`) {
      return sendError(res, 401, 'Incorrect API key provided. You can find your API key in your account settings.', 'invalid_request_error', 'invalid_api_key');
    }
    callsInMode += 1;
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    if (res.destroyed) return;
    answer(body, raw.length, res);
  }

  function answer(body: StubChatRequest, promptChars: number, res: ServerResponse): void {
    if (refusedTitle !== null && readInput(body)?.title.includes(refusedTitle)) {
      return sendError(res, 400, 'This request was refused by the stub (refuseTitle).', 'invalid_request_error', null);
    }
    switch (mode) {
      case 'timeout':
        return; // Left open until the client gives up or close() ends the connection.
      case 'error-500':
        return sendError(res, 500, 'The server had an error while processing your request. Sorry about that!', 'server_error', null);
      case 'rate-limited':
        return sendError(res, 429, 'Rate limit reached for requests. Please try again later.', 'requests', 'rate_limit_exceeded');
      case 'bad-request':
        return sendError(res, 400, "Invalid schema for response_format 'veolearn_questions'.", 'invalid_request_error', 'invalid_json_schema');
      case 'malformed':
        return sendCompletion(res, body, promptChars, malformedText());
      case 'malformed-then-good':
        if (callsInMode === 1) return sendCompletion(res, body, promptChars, malformedText());
        break;
      default:
        break;
    }
    const input = readInput(body);
    if (!input) return sendError(res, 400, `The stub found no line starting with "${INPUT_LINE_PREFIX}" in the user messages.`, 'invalid_request_error', null);
    const items = input.questions.map((slot) => goodQuestion(input, slot.slot, slot.chapterIndex, slot.type));
    const validCount = mode === 'partial' ? Math.ceil(items.length / 2) : mode === 'mostly-wrong' ? Math.floor((items.length - 1) / 2) : items.length;
    const shaped = items.map((item, i) => (i < validCount ? item : { ...item, options: 'wrong shape', correctAnswer: 'wrong' }));
    sendCompletion(res, body, promptChars, JSON.stringify({ questions: shaped }));
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    apiKey,
    requests,
    get calls() {
      return requests.length;
    },
    setMode(next) {
      mode = next;
      callsInMode = 0;
    },
    setDelay(ms) {
      delayMs = Math.max(0, ms);
    },
    refuseTitle(text) {
      refusedTitle = text;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function sendJson(res: ServerResponse, status: number, payload: unknown): void {
  const text = JSON.stringify(payload);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), 'x-request-id': 'req_stub' });
  res.end(text);
}

/** OpenAI's error body: {error: {message, type, param, code}}. */
function sendError(res: ServerResponse, status: number, message: string, type: string, code: string | null): void {
  if (res.headersSent) return;
  sendJson(res, status, { error: { message, type, param: null, code } });
}

let completionCounter = 0;

/** A chat.completion with deterministic usage: about one token per four characters. */
function sendCompletion(res: ServerResponse, body: StubChatRequest, promptChars: number, content: string): void {
  completionCounter += 1;
  const promptTokens = Math.ceil(promptChars / 4);
  const completionTokens = Math.ceil(content.length / 4);
  sendJson(res, 200, {
    id: `chatcmpl-stub-${completionCounter}`,
    object: 'chat.completion',
    created: 1_700_000_000,
    model: body.model ?? 'stub-model',
    choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, logprobs: null, finish_reason: 'stop' }],
    usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens },
  });
}

function malformedText(): string {
  return 'Sure! Here are some questions about the video:\n1. What is the main idea?\n2. Why does it matter?';
}

function messageText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content.map((part: unknown) => (typeof part === 'object' && part !== null && typeof (part as { text?: unknown }).text === 'string' ? (part as { text: string }).text : '')).join('\n');
  }
  return '';
}

/** The INPUT_JSON line of the latest user message that has one. */
function readInput(body: StubChatRequest): StubInput | undefined {
  const users = (body.messages ?? []).filter((m) => m.role === 'user').reverse();
  for (const message of users) {
    const line = messageText(message.content)
      .split('\n')
      .find((l) => l.startsWith(INPUT_LINE_PREFIX));
    if (!line) continue;
    try {
      const input = JSON.parse(line.slice(INPUT_LINE_PREFIX.length)) as StubInput;
      if (Array.isArray(input.chapters) && Array.isArray(input.questions)) return input;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** Distinct words of 5+ letters in order of first appearance (time markers skipped). */
function terms(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const match of text.replace(/\[\d+s\]/g, ' ').matchAll(/[A-Za-z][A-Za-z'-]{4,}/g)) {
    const word = match[0].toLowerCase();
    if (!seen.has(word)) {
      seen.add(word);
      out.push(word);
    }
  }
  return out;
}

/** `count` entries from `words`, topped up with numbered fillers so there are always enough distinct texts. */
function pick(words: string[], count: number, filler: string): string[] {
  const out = words.slice(0, count);
  for (let k = out.length; k < count; k++) out.push(`${filler} ${k + 1}`);
  return out;
}

function asTerm(word: string): string {
  return `${word} (a term)`;
}

/** A schema-correct question of `type` from the chapter's own words ("in") and words only other chapters use ("out"). */
function goodQuestion(input: StubInput, slot: number, chapterIndex: number, type: string): Item {
  const chapter = input.chapters.find((c) => c.index === chapterIndex) ?? input.chapters[0];
  const own = terms(chapter.transcript);
  const ownSet = new Set(own);
  const others = input.chapters.filter((c) => c !== chapter).flatMap((c) => terms(c.transcript).filter((w) => !ownSet.has(w)));
  // Options end in the same noun ("… (a term)"), so wrong and right options are the same kind of thing.
  const [a, b, c] = pick(own, 3, `${chapter.title} term`).map(asTerm);
  const [x, y, z] = pick([...new Set(others)], 3, 'term from elsewhere').map(asTerm);
  const title = chapter.title;
  const timestamp = Math.round((chapter.start + 0.8 * (chapter.end - chapter.start)) * 10) / 10;
  const base = {
    type,
    chapterIndex: chapter.index,
    timestamp,
    feedback: {
      // Feedback specific to each question, as the question rules require.
      correct: `Correct: "${a}" is said in "${title}" (question ${slot + 1}). Recalling it from memory makes it easier to remember next time.`,
      incorrect: `Not quite: the answer is "${a}" (question ${slot + 1}). Review "${title}" before ${timestamp} s.`,
      explanation: `The chapter "${title}" talks about "${a}" before ${timestamp} s (question ${slot + 1}).`,
    },
  };
  const rotate = slot % 4;
  switch (type) {
    case 'single_choice': {
      const options = [x, y, z];
      options.splice(rotate % 4, 0, a);
      return { ...base, question: `Which term is used in "${title}"?`, options, correctAnswer: rotate % 4 };
    }
    case 'multiple_choice':
      return { ...base, question: `Which terms are used in "${title}"?`, options: [a, x, b, y], correctAnswer: [0, 2] };
    case 'true_false':
      return { ...base, question: `The chapter "${title}" uses the term "${a}".`, correctAnswer: true };
    case 'scenario':
      return {
        ...base,
        scenario: `A learner rewatches the part of the video called "${title}".`,
        question: 'Which term will they hear?',
        options: [x, a, y],
        correctAnswer: 1,
      };
    case 'matching':
      return {
        ...base,
        question: `Match each position with the term heard there in "${title}".`,
        options: { left: ['Heard first', 'Heard second', 'Heard third'], right: [b, c, a] },
        correctAnswer: [2, 0, 1],
      };
    case 'ordering':
      return { ...base, question: `Put these terms in the order "${title}" uses them.`, options: [c, a, b], correctAnswer: [1, 2, 0] };
    case 'priority_ranking':
      return { ...base, question: `Rank these terms from first to last use in "${title}".`, options: [b, c, a], correctAnswer: [2, 0, 1] };
    case 'sorting_groups':
      return {
        ...base,
        question: `Sort the terms by whether "${title}" uses them.`,
        options: { groups: ['Used in this chapter', 'Not used in this chapter'], items: [a, x, b, y] },
        correctAnswer: [0, 1, 0, 1],
      };
    case 'drag_drop':
      return {
        ...base,
        question: `Drop each term on where it is used.`,
        options: { items: [a, x, b], targets: ['This chapter', 'Another chapter'] },
        correctAnswer: [0, 1, 0],
      };
    case 'fill_gaps':
      return {
        ...base,
        question: 'Fill in the missing term.',
        options: { text: `The chapter "${title}" uses the term {{1}}.`, wordBank: [x, a] },
        correctAnswer: [[a]],
      };
    default:
      return { ...base, question: `Unknown type ${type}`, options: [], correctAnswer: 0 };
  }
}
