import { loadConfig } from '@veolearn/config';
import type { GenerationSettings } from '@veolearn/contracts';
import { buildChapters, parseTranscript, planQuestionSlots, QUESTION_TYPES, validateQuestion } from '@veolearn/domain';
import type { QuestionType } from '@veolearn/domain';
// The stub is test tooling (scope:test); only this spec uses it.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { startOpenAiStub, type OpenAiStub } from '@veolearn/testing';
import { buildPromptInput, buildResponseSchema, INPUT_LINE_PREFIX, shareBudget, toQuestionCandidate, trimText, TRANSCRIPT_CHAR_BUDGET } from './openai-schema';
import { callCost, MALFORMED_MESSAGE, OpenAiQuestionProvider, TEMPERATURE } from './openai.provider';
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
}

function hooks(): RecordingHooks {
  const calls: ProviderCallRecord[] = [];
  const stages: Array<{ fraction: number; stage?: string }> = [];
  return {
    calls,
    stages,
    progress: async (fraction, stage) => {
      stages.push({ fraction, stage });
    },
    recordCall: async (call) => {
      calls.push(call);
    },
  };
}

const PRICES = { OPENAI_INPUT_USD_PER_MTOK: '2', OPENAI_OUTPUT_USD_PER_MTOK: '8' };

function provider(stub: OpenAiStub, env: Record<string, string> = {}): OpenAiQuestionProvider {
  return new OpenAiQuestionProvider(
    loadConfig({
      OPENAI_API_KEY: stub.apiKey,
      OPENAI_BASE_URL: stub.url,
      OPENAI_MODEL: 'gpt-test-mini',
      OPENAI_TIMEOUT_MS: '1000',
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

  beforeEach(async () => {
    stub = await startOpenAiStub();
  });

  afterEach(async () => {
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

    const questions = await provider(stub).generate(req, h);

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
  });

  it('sends one strict json_schema request with the rules, the chapters and the slots', async () => {
    const req = request(['matching', 'ordering', 'fill_gaps']);
    await provider(stub).generate(req, hooks());

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

    const questions = await provider(stub).generate(req, h);

    expect(stub.calls).toBe(2);
    expect(questions).toHaveLength(planQuestionSlots(req.chapters, DURATION, req.settings).length);
    expect(h.calls.map((c) => c.succeeded)).toEqual([false, true]);
  });

  it('keeps the valid questions of a partial answer that covers at least half of the slots', async () => {
    stub.setMode('partial');
    const h = hooks();
    const req = request();
    const planned = planQuestionSlots(req.chapters, DURATION, req.settings);

    const questions = await provider(stub).generate(req, h);

    expect(stub.calls).toBe(1);
    expect(questions).toHaveLength(Math.ceil(planned.length / 2));
    expect(h.calls).toHaveLength(1);
    expect(h.calls[0].succeeded).toBe(true);
  });

  it('retries an answer with fewer valid questions than half of the slots, naming the errors', async () => {
    stub.setMode('mostly-wrong');
    const h = hooks();

    const error = await failure(provider(stub).generate(request(), h));

    expect(error).toBeInstanceOf(ProviderError);
    expect(error.message).toBe(MALFORMED_MESSAGE);
    expect(stub.calls).toBe(3);
    expect(h.calls[0].error).toMatch(/only \d+ of the \d+ questions asked for are valid/);
    expect(lastUserMessage(stub, 1)).toMatch(/question \d+: .*correctAnswer/);
  });

  it('treats a timeout as transient, naming the configured seconds', async () => {
    stub.setMode('timeout');
    const h = hooks();
    const started = Date.now();

    const error = await failure(provider(stub).generate(request(), h));

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

  it('prices a call from the configured rates', () => {
    expect(callCost(1_000_000, 500_000, { OPENAI_INPUT_USD_PER_MTOK: 0.15, OPENAI_OUTPUT_USD_PER_MTOK: 0.6 })).toBeCloseTo(0.45, 10);
    expect(callCost(0, 0, { OPENAI_INPUT_USD_PER_MTOK: 0.15, OPENAI_OUTPUT_USD_PER_MTOK: 0.6 })).toBe(0);
  });
});
