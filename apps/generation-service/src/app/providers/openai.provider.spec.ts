import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '@veolearn/config';
import type { GenerationJobNote, GenerationSettings } from '@veolearn/contracts';
import { buildChapters, parseTranscript, planQuestionSlots, QUESTION_TYPES, validateQuestion } from '@veolearn/domain';
import type { QuestionType } from '@veolearn/domain';
import { headPartOfSpeech, incompleteSides, isWordMemoryQuestion, repeatedFeedback } from '@veolearn/question-writer';
import type { Lecture } from '@veolearn/question-writer';
// The stub is test tooling (scope:test); only this spec uses it.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { startOpenAiStub, type OpenAiStub } from '@veolearn/testing';
import { buildPromptInput, buildResponseSchema, INPUT_LINE_PREFIX, PromptInput, shareBudget, toQuestionCandidate, trimText, TRANSCRIPT_CHAR_BUDGET } from './openai-schema';
import { callCost, MALFORMED_MESSAGE, OpenAiQuestionProvider, RULES_MESSAGE, TEMPERATURE } from './openai.provider';
import { GenerationRequest, ProviderCallRecord, ProviderError, ProviderHooks } from './question-provider';

/** Four topics, six 10-second cues each (240 s), as an SRT file. */
const TOPICS = [
  [
    'Photosynthesis is how plants turn light into chemical energy.',
    'Inside the leaf, chloroplasts hold a green pigment called chlorophyll.',
    'Chlorophyll absorbs red and blue light and reflects green light.',
    'The captured light energy splits water molecules into oxygen and hydrogen.',
    'The oxygen leaves the leaf through small pores called stomata.',
    'This first stage is known as the light dependent reactions of photosynthesis.',
  ],
  [
    'Next, the Calvin cycle uses the stored energy to build sugar.',
    'Carbon dioxide enters the cycle and is fixed by the enzyme rubisco.',
    'Rubisco attaches carbon dioxide to a five carbon molecule.',
    'The cycle spends energy carriers called ATP and NADPH.',
    'Each turn of the Calvin cycle regenerates the starting molecule.',
    'Six turns of the Calvin cycle produce one molecule of glucose.',
  ],
  [
    'Let us move on to the factors that limit the rate of photosynthesis.',
    'Light intensity limits the rate when the light is dim.',
    'Temperature matters because enzymes such as rubisco slow down in the cold.',
    'Carbon dioxide concentration can also become the limiting factor.',
    'Farmers raise carbon dioxide levels in greenhouses to speed up growth.',
    'The slowest factor always sets the overall rate of photosynthesis.',
  ],
  [
    'Finally, consider why photosynthesis matters for life on Earth.',
    'Almost every food chain starts with energy captured by photosynthesis.',
    'Forests and oceans release the oxygen that animals breathe.',
    'Plants also remove carbon dioxide from the atmosphere.',
    'Fossil fuels are ancient stores of energy captured by photosynthesis.',
    'In summary, photosynthesis links sunlight, plants and animals together.',
  ],
];

function srt(): string {
  const lines: string[] = [];
  let n = 0;
  for (const topic of TOPICS) {
    for (const sentence of topic) {
      const start = n * 10;
      lines.push(String(n + 1), `${time(start)} --> ${time(start + 10)}`, sentence, '');
      n += 1;
    }
  }
  return lines.join('\n');
}

function time(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `00:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')},000`;
}

const DURATION = 240;

function settings(questionTypes: QuestionType[], interactionCount = 8): GenerationSettings {
  return {
    questionTypes,
    interactionCount,
    questionsPerChapter: 3,
    feedbackEnabled: true,
    animationsEnabled: false,
    detailedSummary: false,
    smartTopicReturn: true,
  };
}

function request(questionTypes: QuestionType[] = ['single_choice', 'multiple_choice', 'true_false'], interactionCount = 8): GenerationRequest {
  const { segments } = parseTranscript(srt(), { durationSeconds: DURATION });
  const chapters = buildChapters(segments, { durationSeconds: DURATION });
  return { title: 'How Photosynthesis Works', segments, chapters, durationSeconds: DURATION, settings: settings(questionTypes, interactionCount) };
}

interface RecordingHooks extends ProviderHooks {
  calls: ProviderCallRecord[];
  stages: Array<{ fraction: number; stage?: string }>;
  notes: GenerationJobNote[];
}

function hooks(): RecordingHooks {
  const calls: ProviderCallRecord[] = [];
  const stages: Array<{ fraction: number; stage?: string }> = [];
  const notes: GenerationJobNote[] = [];
  return {
    calls,
    stages,
    notes,
    progress: async (fraction, stage) => {
      stages.push({ fraction, stage });
    },
    recordCall: async (call) => {
      calls.push(call);
    },
    note: (note) => {
      notes.push(note);
    },
  };
}

type Item = Record<string, unknown>;
/** Changes the questions of one answer; `call` counts the answers the proxy passed on, from 1. */
type Rewrite = (questions: Item[], call: number, input: PromptInput) => Item[];

interface RewritingProxy {
  url: string;
  apiKey: string;
  setRewrite(rewrite: Rewrite): void;
  close(): Promise<void>;
}

/**
 * A local OpenAI-compatible server in front of the stub that rewrites the questions of each JSON answer
 * (anything else passes unchanged). The stub's 'good' answers put the same feedback on every question and
 * pick single words of mixed parts of speech as options, which the post-checks refuse; `followRules`
 * turns them into what a model following the rules would send, and tests add their own faults on top.
 */
async function startProxy(stub: OpenAiStub): Promise<RewritingProxy> {
  let rewrite: Rewrite = followRules;
  let answers = 0;
  const forward = async (raw: string, authorization: string | undefined): Promise<{ status: number; body: string }> => {
    const upstream = await fetch(`${stub.url}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
      body: raw,
    });
    const body = await upstream.text();
    if (!upstream.ok) return { status: upstream.status, body };
    const completion = JSON.parse(body) as { choices: Array<{ message: { content: string } }> };
    const message = completion.choices[0].message;
    let answer: { questions?: unknown };
    try {
      answer = JSON.parse(message.content) as { questions?: unknown };
    } catch {
      return { status: upstream.status, body };
    }
    if (Array.isArray(answer.questions)) {
      answers += 1;
      message.content = JSON.stringify({ questions: rewrite(answer.questions as Item[], answers, promptInput(raw)) });
    }
    return { status: upstream.status, body: JSON.stringify(completion) };
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      forward(Buffer.concat(chunks).toString('utf8'), req.headers.authorization)
        .then(({ status, body }) => {
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(body);
        })
        .catch(() => res.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    apiKey: stub.apiKey,
    setRewrite: (next) => {
      rewrite = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The INPUT_JSON line of a request body's first user message. */
function promptInput(raw: string): PromptInput {
  const body = JSON.parse(raw) as { messages: Array<{ role: string; content: string }> };
  const user = body.messages.find((m) => m.role === 'user')?.content ?? '';
  const line = user.split('\n').find((l) => l.startsWith(INPUT_LINE_PREFIX)) ?? '';
  return JSON.parse(line.slice(INPUT_LINE_PREFIX.length)) as PromptInput;
}

const posCache = new Map<string, string | null>();
const partOfSpeech = (text: string): string | null => {
  if (!posCache.has(text)) posCache.set(text, headPartOfSpeech(text));
  return posCache.get(text) ?? null;
};

/** Own feedback on every question, and wrong options of the same part of speech as the right one (taken from the transcript). */
function followRules(questions: Item[], _call: number, input: PromptInput): Item[] {
  const words = [...new Set(input.chapters.flatMap((c) => c.transcript.toLowerCase().match(/[a-z]{5,}/g) ?? []))];
  return questions.map((item, i) => {
    const feedback = item['feedback'] as { correct: string; incorrect: string; explanation: string };
    const own = { correct: `${feedback.correct} (question ${i + 1})`, incorrect: `${feedback.incorrect} (question ${i + 1})`, explanation: `${feedback.explanation} (question ${i + 1})` };
    const options = item['options'];
    if (!['single_choice', 'multiple_choice', 'scenario'].includes(String(item['type'])) || !Array.isArray(options)) return { ...item, feedback: own };
    const keys = ([] as unknown[]).concat(item['correctAnswer']);
    const keyPos = partOfSpeech(String(options[Number(keys[0])]));
    const used = new Set(options.map(String));
    const fixed = options.map((option: string, k) => {
      if (keys.includes(k) || partOfSpeech(option) === keyPos) return option;
      const other = words.find((w) => !used.has(w) && partOfSpeech(w) === keyPos) ?? option;
      used.add(other);
      return other;
    });
    return { ...item, options: fixed, feedback: own };
  });
}

/** Rewrites only the first answer with `fault` (after following the rules); later answers follow the rules. */
function firstAnswer(fault: (questions: Item[]) => Item[]): Rewrite {
  return (questions, call, input) => {
    const good = followRules(questions, call, input);
    return call === 1 ? fault(good) : good;
  };
}

const asWordMemory = (item: Item): Item => (item['type'] === 'single_choice' ? { ...item, question: 'Which of these terms came up in the part on this topic?' } : item);
const withBlank = (item: Item): Item => {
  if (item['type'] !== 'matching') return item;
  const options = item['options'] as { left: string[]; right: string[] };
  return { ...item, options: { ...options, left: [`The ____ of ${options.left[0]}`, ...options.left.slice(1)] } };
};
const sameFeedback = (item: Item): Item => ({
  ...item,
  feedback: { correct: 'Correct, well done.', incorrect: 'Not quite, watch the chapter again.', explanation: 'The video explains this.' },
});

const PRICES = { OPENAI_INPUT_USD_PER_MTOK: '2', OPENAI_OUTPUT_USD_PER_MTOK: '8' };

function provider(server: { url: string; apiKey: string }, env: Record<string, string> = {}): OpenAiQuestionProvider {
  return new OpenAiQuestionProvider(
    loadConfig({
      OPENAI_API_KEY: server.apiKey,
      OPENAI_BASE_URL: server.url,
      OPENAI_MODEL: 'gpt-test-mini',
      // Generous, so a busy machine does not turn a slow answer into a timeout; the timeout test sets 1 s.
      OPENAI_TIMEOUT_MS: '15000',
      ...PRICES,
      ...env,
    }),
  );
}

/** The error a promise rejects with (fails the test when it resolves). */
async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected the promise to reject');
}

function sortedTypes(types: readonly QuestionType[]): QuestionType[] {
  return [...types].sort();
}

function lastUserMessage(stub: OpenAiStub, call: number): string {
  const messages = stub.requests[call].messages ?? [];
  const user = [...messages].reverse().find((m) => m.role === 'user');
  return typeof user?.content === 'string' ? user.content : '';
}

describe('OpenAiQuestionProvider against the OpenAI stub', () => {
  let stub: OpenAiStub;
  /** In front of the stub for every test that needs answers the post-checks accept. */
  let proxy: RewritingProxy;

  beforeEach(async () => {
    stub = await startOpenAiStub();
    proxy = await startProxy(stub);
  });

  afterEach(async () => {
    await proxy.close();
    await stub.close();
  });

  it.each([
    ['single, multiple, true/false', ['single_choice', 'multiple_choice', 'true_false']],
    ['the first eight types', QUESTION_TYPES.slice(0, 8)],
    ['the last types', ['fill_gaps', 'drag_drop', 'priority_ranking', 'scenario']],
  ] as Array<[string, QuestionType[]]>)('writes valid questions of the planned types (%s) and records the cost', async (_label, types) => {
    const req = request(types);
    const planned = planQuestionSlots(req.chapters, req.durationSeconds, req.settings);
    expect(planned.length).toBeGreaterThan(0);
    const h = hooks();

    const questions = await provider(proxy).generate(req, h);

    expect(sortedTypes(questions.map((q) => q.type))).toEqual(sortedTypes(planned.map((s) => s.type)));
    for (const q of questions) {
      expect(validateQuestion(q, { durationSeconds: DURATION })).toMatchObject({ ok: true });
      expect(q.timestamp).toBeGreaterThanOrEqual(0);
      expect(q.timestamp).toBeLessThanOrEqual(DURATION);
      expect(req.chapters.map((c) => c.title)).toContain(q.topicTitle);
    }
    expect(stub.calls).toBe(1);
    expect(h.calls).toHaveLength(1);
    const [record] = h.calls;
    expect(record).toMatchObject({ provider: 'openai', model: 'gpt-test-mini', succeeded: true });
    expect(record.error).toBeUndefined();
    expect(record.promptTokens).toBeGreaterThan(0);
    expect(record.completionTokens).toBeGreaterThan(0);
    expect(record.costUsd).toBeCloseTo((record.promptTokens * 2 + record.completionTokens * 8) / 1_000_000, 12);
    expect(record.durationMs).toBeGreaterThanOrEqual(0);
    expect(h.stages.map((s) => s.stage)).toEqual(['Asking the AI model', 'Checking the answer', 'Checking the answer']);
    expect(h.stages.at(-1)?.fraction).toBe(1);
    const times = questions.map((q) => q.timestamp).sort((a, b) => a - b);
    for (let i = 1; i < times.length; i++) expect(times[i] - times[i - 1]).toBeGreaterThanOrEqual(20);
    expect(h.notes).toEqual([]);
  });

  it('sends one strict json_schema request with the rules, the chapters and the slots', async () => {
    const req = request(['matching', 'ordering', 'fill_gaps']);
    await provider(proxy).generate(req, hooks());

    const body = stub.requests[0];
    expect(body.model).toBe('gpt-test-mini');
    expect(body.temperature).toBe(TEMPERATURE);
    expect(body.response_format?.type).toBe('json_schema');
    expect(body.response_format?.json_schema?.strict).toBe(true);
    expect(body.response_format?.json_schema?.schema).toEqual(buildResponseSchema(['matching', 'ordering', 'fill_gaps']));
    const system = String(body.messages?.[0]?.content);
    expect(body.messages?.[0]?.role).toBe('system');
    expect(system).toContain('Never invent statistics');
    expect(system).toContain('retrieval practice');
    expect(system).toMatch(/matching: options: \{"left"/);
    expect(system).not.toMatch(/single_choice:/);
    const line = lastUserMessage(stub, 0)
      .split('\n')
      .find((l) => l.startsWith(INPUT_LINE_PREFIX));
    const input = JSON.parse(String(line).slice(INPUT_LINE_PREFIX.length));
    expect(input.title).toBe('How Photosynthesis Works');
    expect(input.audience).toBe('general');
    expect(input.chapters).toHaveLength(req.chapters.length);
    expect(input.chapters[0].transcript).toContain('[0s] Photosynthesis is how plants');
    expect(input.questions).toEqual(planQuestionSlots(req.chapters, DURATION, req.settings).map((s, i) => ({ slot: i + 1, ...s })));
  });

  it('retries a malformed answer twice, then fails for good with a clear message', async () => {
    stub.setMode('malformed');
    const h = hooks();

    const error = await failure(provider(stub).generate(request(), h));

    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).permanent).toBe(true);
    expect(error.message).toBe(MALFORMED_MESSAGE);
    expect(stub.calls).toBe(3);
    expect(h.calls).toHaveLength(3);
    for (const record of h.calls) {
      expect(record.succeeded).toBe(false);
      expect(record.error).toMatch(/^Malformed answer: the answer is not JSON/);
      expect(record.promptTokens).toBeGreaterThan(0);
      expect(record.costUsd).toBeGreaterThan(0);
    }
    expect(h.stages.filter((s) => s.stage === 'Retrying: answer was malformed')).toHaveLength(2);
    const retry = lastUserMessage(stub, 1);
    expect(retry).toContain('That answer could not be used');
    expect(retry).toContain('the answer is not JSON');
    expect(stub.requests[1].messages?.at(-2)?.role).toBe('assistant');
  });

  it('succeeds on the second call after one malformed answer', async () => {
    stub.setMode('malformed-then-good');
    const h = hooks();
    const req = request();

    const questions = await provider(proxy).generate(req, h);

    expect(stub.calls).toBe(2);
    expect(questions).toHaveLength(planQuestionSlots(req.chapters, DURATION, req.settings).length);
    expect(h.calls.map((c) => c.succeeded)).toEqual([false, true]);
  });

  it('keeps the valid questions of a partial answer that covers at least half of the slots', async () => {
    stub.setMode('partial');
    const h = hooks();
    const req = request();
    const planned = planQuestionSlots(req.chapters, DURATION, req.settings);

    const questions = await provider(proxy).generate(req, h);

    expect(stub.calls).toBe(1);
    expect(questions).toHaveLength(Math.ceil(planned.length / 2));
    expect(h.calls).toHaveLength(1);
    expect(h.calls[0].succeeded).toBe(true);
  });

  it('retries an answer with fewer valid questions than half of the slots, naming the errors', async () => {
    stub.setMode('mostly-wrong');
    const h = hooks();

    const error = await failure(provider(proxy).generate(request(), h));

    expect(error).toBeInstanceOf(ProviderError);
    expect(error.message).toBe(MALFORMED_MESSAGE);
    expect(stub.calls).toBe(3);
    expect(h.calls[0].error).toMatch(/only \d+ of the \d+ questions asked for are valid/);
    expect(lastUserMessage(stub, 1)).toMatch(/question \d+: .*correctAnswer/);
  });

  it('puts the question rules and the audience into the prompt', async () => {
    const req = { ...request(), lecture: { audience: 'children' } as unknown as Lecture };
    await provider(proxy).generate(req, hooks());

    const system = String(stub.requests[0].messages?.[0]?.content);
    expect(system).toContain('Wrong options are the same kind of thing as the right one');
    expect(system).toContain('never about word memory: never ask which terms or words came up');
    expect(system).toContain('never sort words by the chapter they appear in');
    expect(system).toContain('ordering only where the speaker describes a sequence');
    expect(system).toContain('both sides are complete phrases, never with blanks');
    expect(system).toContain('never as "The video states: ..."');
    expect(system).toContain('never jokes, asides, code read aloud');
    expect(system).toContain('no two questions share a feedback text');
    expect(system).toContain('the time as m:ss');
    expect(system).toContain('prediction error');
    expect(system).toContain('at least 20 s apart');
    expect(system).toMatch(/multiple_choice: question: "Which statements about <topic> are true\?"/);
    expect(system).not.toMatch(/contrast this chapter with earlier ones/);
    const user = lastUserMessage(stub, 0);
    expect(user).toContain('for a children audience');
    expect(user).toContain('"audience":"children"');
  });

  it('drops a word-memory question and a matching question with a blank when few, without another call', async () => {
    const req = request(QUESTION_TYPES.slice(0, 8));
    const planned = planQuestionSlots(req.chapters, DURATION, req.settings);
    proxy.setRewrite(
      firstAnswer((questions) => {
        const single = questions.findIndex((q) => q['type'] === 'single_choice');
        const matching = questions.findIndex((q) => q['type'] === 'matching');
        return questions.map((item, i) => (i === single ? asWordMemory(item) : i === matching ? withBlank(item) : item));
      }),
    );
    const h = hooks();

    const questions = await provider(proxy).generate(req, h);

    expect(stub.calls).toBe(1);
    expect(h.calls).toMatchObject([{ succeeded: true }]);
    expect(questions).toHaveLength(planned.length - 2);
    expect(questions.filter(isWordMemoryQuestion)).toEqual([]);
    expect(questions.filter((q) => incompleteSides(q).length > 0)).toEqual([]);
    expect(h.notes.map((n) => [n.code, n.type])).toEqual([
      ['type_substituted', 'single_choice'],
      ['type_substituted', 'matching'],
      ['fewer_questions', undefined],
    ]);
  });

  it('sends word-memory questions and matching questions with blanks back to the model when more than a third break the rules', async () => {
    const req = request(['single_choice', 'matching', 'true_false'], 6);
    const planned = planQuestionSlots(req.chapters, DURATION, req.settings);
    expect(planned.filter((s) => s.type !== 'true_false').length * 3).toBeGreaterThan(planned.length);
    proxy.setRewrite(firstAnswer((questions) => questions.map((item) => withBlank(asWordMemory(item)))));
    const h = hooks();

    const questions = await provider(proxy).generate(req, h);

    expect(stub.calls).toBe(2);
    expect(h.calls.map((c) => c.succeeded)).toEqual([false, true]);
    expect(h.calls[0].error).toMatch(/^Answer broke the question rules: \d+ of the \d+ questions break the question rules/);
    expect(h.stages.map((s) => s.stage)).toContain('Retrying: answer broke the question rules');
    const retry = lastUserMessage(stub, 1);
    expect(retry).toContain('That answer could not be used');
    expect(retry).toMatch(/question \d+: asks which words were said/);
    expect(retry).toMatch(/question \d+: incomplete items, write complete phrases without blanks \(“The ____ of/);
    expect(stub.requests[1].messages?.at(-2)?.role).toBe('assistant');
    expect(sortedTypes(questions.map((q) => q.type))).toEqual(sortedTypes(planned.map((s) => s.type)));
    expect(questions.filter(isWordMemoryQuestion)).toEqual([]);
    expect(questions.filter((q) => incompleteSides(q).length > 0)).toEqual([]);
  });

  it('sends an answer whose questions share their feedback back to the model', async () => {
    proxy.setRewrite(firstAnswer((questions) => questions.map(sameFeedback)));
    const h = hooks();
    const req = request();

    const questions = await provider(proxy).generate(req, h);

    expect(stub.calls).toBe(2);
    expect(h.calls.map((c) => c.succeeded)).toEqual([false, true]);
    expect(lastUserMessage(stub, 1)).toContain('the same feedback text is used on several questions; write feedback specific to each question: “Correct, well done.”');
    expect(questions).toHaveLength(planQuestionSlots(req.chapters, DURATION, req.settings).length);
    expect(repeatedFeedback(questions)).toEqual([]);
  });

  it('fails for good when every answer repeats its feedback, naming the rules', async () => {
    proxy.setRewrite((questions, call, input) => followRules(questions, call, input).map(sameFeedback));
    const h = hooks();

    const error = await failure(provider(proxy).generate(request(), h));

    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).permanent).toBe(true);
    expect(error.message).toBe(RULES_MESSAGE);
    expect(stub.calls).toBe(3);
    expect(h.calls.map((c) => c.succeeded)).toEqual([false, false, false]);
    expect(h.stages.filter((s) => s.stage === 'Retrying: answer broke the question rules')).toHaveLength(2);
  });

  it('treats a timeout as transient, naming the configured seconds', async () => {
    stub.setMode('timeout');
    const h = hooks();
    const started = Date.now();

    const error = await failure(provider(stub, { OPENAI_TIMEOUT_MS: '1000' }).generate(request(), h));

    expect(error).not.toBeInstanceOf(ProviderError);
    expect(error.message).toBe('The AI service did not answer within 1 s.');
    expect(Date.now() - started).toBeLessThan(5000);
    expect(stub.calls).toBe(1);
    expect(h.calls).toHaveLength(1);
    expect(h.calls[0]).toMatchObject({ succeeded: false, promptTokens: 0, completionTokens: 0, costUsd: 0, error: error.message });
  });

  it('fails for good when the key is refused (401), without showing the key', async () => {
    const h = hooks();

    const error = await failure(provider(stub, { OPENAI_API_KEY: 'sk-wrong-secret-key' }).generate(request(), h));

    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).permanent).toBe(true);
    expect(error.message).toBe('The AI service refused the API key (401). Check OPENAI_API_KEY.');
    expect(JSON.stringify(h.calls)).not.toContain('sk-wrong-secret-key');
    expect(stub.calls).toBe(1);
    expect(h.calls).toMatchObject([{ succeeded: false }]);
  });

  it('fails for good on a bad request (400), with the server message', async () => {
    stub.setMode('bad-request');

    const error = await failure(provider(stub).generate(request(), hooks()));

    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).permanent).toBe(true);
    expect(error.message).toBe("The AI service rejected the request (400): Invalid schema for response_format 'veolearn_questions'.");
  });

  it.each([
    ['rate-limited', 'The AI service is busy (429): too many requests for now.'],
    ['error-500', 'The AI service failed (500).'],
  ] as const)('treats %s as transient, with one call and no SDK retries', async (mode, message) => {
    stub.setMode(mode);
    const h = hooks();

    const error = await failure(provider(stub).generate(request(), h));

    expect(error).not.toBeInstanceOf(ProviderError);
    expect(error.message).toBe(message);
    expect(stub.calls).toBe(1);
    expect(h.calls).toMatchObject([{ succeeded: false, error: message }]);
  });

  it('fails for good without calling when no key is configured', async () => {
    const h = hooks();
    const unconfigured = new OpenAiQuestionProvider(loadConfig({ OPENAI_BASE_URL: stub.url }));

    const error = await failure(unconfigured.generate(request(), h));

    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).permanent).toBe(true);
    expect(error.message).toMatch(/OPENAI_API_KEY is empty/);
    expect(stub.calls).toBe(0);
    expect(h.calls).toEqual([]);
  });

  it('treats an unreachable server as transient', async () => {
    const address = stub.url;
    await stub.close();
    stub = await startOpenAiStub();

    const error = await failure(provider(stub, { OPENAI_BASE_URL: address }).generate(request(), hooks()));

    expect(error).not.toBeInstanceOf(ProviderError);
    expect(error.message).toMatch(/^The AI service could not be reached/);
  });
});

describe('OpenAI prompt and schema', () => {
  it('keeps every object of the schema strict: closed, with all properties required', () => {
    const problems: string[] = [];
    const visit = (node: unknown, path: string): void => {
      if (Array.isArray(node)) return node.forEach((n, i) => visit(n, `${path}[${i}]`));
      if (typeof node !== 'object' || node === null) return;
      const record = node as Record<string, unknown>;
      if (record['type'] === 'object') {
        const keys = Object.keys(record['properties'] as object).sort();
        if (record['additionalProperties'] !== false) problems.push(`${path}: additionalProperties`);
        if (JSON.stringify([...(record['required'] as string[])].sort()) !== JSON.stringify(keys)) problems.push(`${path}: required`);
      }
      for (const [key, value] of Object.entries(record)) visit(value, `${path}.${key}`);
    };
    const schema = buildResponseSchema();
    visit(schema, '$');
    expect(problems).toEqual([]);
    expect(schema['anyOf']).toBeUndefined();
    const items = (schema['properties'] as { questions: { items: { anyOf: unknown[] } } }).questions.items;
    expect(items.anyOf).toHaveLength(QUESTION_TYPES.length);
  });

  it('shares the transcript budget so every chapter keeps a part', () => {
    expect(shareBudget([100, 5000, 9000], 3000)).toEqual([100, 1450, 1450]);
    expect(shareBudget([10, 20], 100)).toEqual([10, 20]);
    const long = Array.from({ length: 400 }, (_, i) => `word${i}`).join(' ');
    const trimmed = trimText(long, 200);
    expect(trimmed.length).toBeLessThanOrEqual(200);
    expect(trimmed.startsWith('word0 ')).toBe(true);
    expect(trimmed.endsWith('word399')).toBe(true);
    expect(trimmed).toContain(' … ');
  });

  it('trims a long transcript to the budget, keeping every chapter', () => {
    const req = request();
    const long = req.segments.map((s) => ({ ...s, text: `${s.text} ${'More detail about this point. '.repeat(40)}` }));
    const input = buildPromptInput(req.title, req.chapters, long, DURATION, [{ chapterIndex: 0, type: 'single_choice' }]);
    const total = input.chapters.reduce((sum, c) => sum + c.transcript.length, 0);
    expect(total).toBeLessThanOrEqual(TRANSCRIPT_CHAR_BUDGET);
    expect(total).toBeGreaterThan(TRANSCRIPT_CHAR_BUDGET * 0.9);
    for (const c of input.chapters) expect(c.transcript.length).toBeGreaterThan(TRANSCRIPT_CHAR_BUDGET / input.chapters.length - 50);
  });

  it('gives a question the chapter it is about, unless its timestamp comes before that chapter', () => {
    const { chapters } = request();
    const [first, second] = chapters;
    const item = (chapterIndex: number, timestamp: number) => ({ type: 'true_false', chapterIndex, timestamp, feedback: { correct: 'a', incorrect: 'b', explanation: '' } });
    expect(toQuestionCandidate(item(first.index, second.start + 1), chapters)).toMatchObject({ topicTitle: first.title, topicStartTime: first.start });
    expect(toQuestionCandidate(item(second.index, first.start + 1), chapters)).toMatchObject({ topicTitle: first.title, topicStartTime: first.start });
    expect(toQuestionCandidate(item(second.index, second.start + 1), chapters)).toMatchObject({
      topicTitle: second.title,
      options: ['True', 'False'],
      feedback: { correct: 'a', incorrect: 'b', explanation: expect.stringMatching(/\w/) },
    });
    expect(toQuestionCandidate(item(second.index, 1), chapters)).not.toHaveProperty('chapterIndex');
  });

  it('fills blank feedback with texts of the question itself, never the same for two questions', () => {
    const { chapters } = request();
    const blank = { correct: '', incorrect: ' ', explanation: '' };
    const item = (question: string) => ({ type: 'true_false', chapterIndex: chapters[1].index, timestamp: 75, question, feedback: blank });
    const first = toQuestionCandidate(item('Rubisco fixes carbon dioxide.'), chapters) as { feedback: Record<string, string> };
    const second = toQuestionCandidate(item('The Calvin cycle builds sugar.'), chapters) as { feedback: Record<string, string> };
    expect(first.feedback.incorrect).toContain(`“${chapters[1].title}” before 1:15`);
    expect(first.feedback.explanation).toContain('Rubisco fixes carbon dioxide.');
    for (const key of ['correct', 'incorrect', 'explanation']) expect(first.feedback[key]).not.toBe(second.feedback[key]);
  });

  it('prices a call from the configured rates', () => {
    expect(callCost(1_000_000, 500_000, { OPENAI_INPUT_USD_PER_MTOK: 0.15, OPENAI_OUTPUT_USD_PER_MTOK: 0.6 })).toBeCloseTo(0.45, 10);
    expect(callCost(0, 0, { OPENAI_INPUT_USD_PER_MTOK: 0.15, OPENAI_OUTPUT_USD_PER_MTOK: 0.6 })).toBe(0);
  });
});
