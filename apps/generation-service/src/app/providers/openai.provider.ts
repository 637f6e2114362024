import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { AppConfig } from '@veolearn/config';
import { finaliseQuestions, planQuestionSlots, QUESTION_TYPE_LABELS, validateQuestion } from '@veolearn/domain';
import type { Question, QuestionSlot, QuestionType } from '@veolearn/domain';
import { distractorPosMismatches, incompleteSides, isWordMemoryQuestion, repeatedFeedback } from '@veolearn/question-writer';
import {
  buildPromptInput,
  buildResponseSchema,
  SCHEMA_NAME,
  systemPrompt,
  toQuestionCandidate,
  userPrompt,
} from './openai-schema';
import { GenerationRequest, ProviderCallRecord, ProviderError, ProviderHooks, QuestionProvider } from './question-provider';

/** Calls per generation: the first one plus two retries after a malformed answer. */
export const MAX_AI_CALLS = 3;
export const MALFORMED_MESSAGE = 'The AI service answered with questions in the wrong format 3 times. Try again, or generate without AI.';
export const RULES_MESSAGE = 'The AI service wrote questions that broke the question rules 3 times (word-memory questions, mismatched options or repeated feedback). Try again, or generate without AI.';
/** Smallest gap between two questions of a set, in seconds. */
export const MIN_QUESTION_GAP_SECONDS = 20;
export const TEMPERATURE = 0.4;

/** What one successful HTTP call brought back. */
interface AiAnswer {
  content: string;
  refusal: string | null;
  finishReason: string | null;
  promptTokens: number;
  completionTokens: number;
  durationMs: number;
}

/** The verdict on one answer. */
interface AnswerCheck {
  accepted: boolean;
  /** Refused for breaking the question rules (the post-checks), not for its format. */
  brokeRules: boolean;
  questions: Question[];
  /** Why items (or the whole answer) were refused; sent back to the model on a retry. */
  errors: string[];
}

/**
 * Writes questions with an OpenAI chat model (or any server speaking the same API): one request with
 * the transcript, the planned slots, the question rules and a strict JSON schema; answers are checked
 * like the built-in writer's sets (libs/question-writer checks.ts); malformed answers, and answers that
 * break the rules, are retried twice with the errors, and every call is recorded with its token cost.
 */
export class OpenAiQuestionProvider implements QuestionProvider {
  readonly name = 'openai' as const;
  readonly model: string;
  private client?: OpenAI;

  constructor(private readonly config: AppConfig) {
    this.model = config.OPENAI_MODEL;
  }

  async generate(request: GenerationRequest, hooks: ProviderHooks): Promise<Question[]> {
    const slots = planQuestionSlots(request.chapters, request.durationSeconds, request.settings);
    if (slots.length === 0) return [];
    const types = slots.map((s) => s.type);
    const audience = request.lecture?.audience ?? 'general';
    const input = buildPromptInput(request.title, request.chapters, request.segments, request.durationSeconds, slots, audience);
    const base: ChatCompletionMessageParam[] = [
      { role: 'system', content: systemPrompt(types) },
      { role: 'user', content: userPrompt(input) },
    ];
    let correction: ChatCompletionMessageParam[] = [];
    let brokeRules = false;
    for (let call = 1; call <= MAX_AI_CALLS; call++) {
      const retryStage = brokeRules ? 'Retrying: answer broke the question rules' : 'Retrying: answer was malformed';
      await hooks.progress(0.1 + (call - 1) * 0.3, call === 1 ? 'Asking the AI model' : retryStage);
      const answer = await this.ask([...base, ...correction], types, hooks);
      await hooks.progress(0.3 + (call - 1) * 0.3, 'Checking the answer');
      const check = checkAnswer(answer, slots, request);
      const refusal = check.brokeRules ? 'Answer broke the question rules' : 'Malformed answer';
      await hooks.recordCall(
        this.record(answer.promptTokens, answer.completionTokens, answer.durationMs, check.accepted ? undefined : `${refusal}: ${summarise(check.errors)}`),
      );
      if (check.accepted) {
        const questions = finaliseQuestions(check.questions, request.chapters, request.durationSeconds, { minGapSeconds: MIN_QUESTION_GAP_SECONDS });
        noteShortfall(questions, slots, hooks);
        await hooks.progress(1, 'Checking the answer');
        return questions;
      }
      brokeRules = check.brokeRules;
      correction = correctionMessages(answer.content, check.errors, slots.length);
    }
    throw new ProviderError(brokeRules ? RULES_MESSAGE : MALFORMED_MESSAGE, true);
  }

  /** One chat completion; failures are recorded, then thrown as transient Errors or permanent ProviderErrors. */
  private async ask(messages: ChatCompletionMessageParam[], types: QuestionType[], hooks: ProviderHooks): Promise<AiAnswer> {
    const client = this.openai();
    const started = Date.now();
    try {
      const completion = await client.chat.completions.create({
        model: this.model,
        temperature: TEMPERATURE,
        messages,
        response_format: { type: 'json_schema', json_schema: { name: SCHEMA_NAME, strict: true, schema: buildResponseSchema(types) } },
      });
      const choice = completion.choices[0];
      return {
        content: choice?.message?.content ?? '',
        refusal: choice?.message?.refusal ?? null,
        finishReason: choice?.finish_reason ?? null,
        promptTokens: completion.usage?.prompt_tokens ?? 0,
        completionTokens: completion.usage?.completion_tokens ?? 0,
        durationMs: Date.now() - started,
      };
    } catch (error) {
      const elapsedMs = Date.now() - started;
      const failure = describeFailure(error, this.config, this.model, elapsedMs);
      await hooks.recordCall(this.record(0, 0, elapsedMs, failure.message));
      throw failure;
    }
  }

  /** The SDK client, made on first use so that a missing key fails the job, not the service start. */
  private openai(): OpenAI {
    if (this.client) return this.client;
    if (!this.config.OPENAI_API_KEY) throw new ProviderError('The AI service is not configured (OPENAI_API_KEY is empty). Generate without AI.', true);
    this.client = new OpenAI({
      apiKey: this.config.OPENAI_API_KEY,
      // Passed explicitly so that the SDK never falls back to reading the environment itself.
      baseURL: this.config.OPENAI_BASE_URL || 'https://api.openai.com/v1',
      organization: null,
      project: null,
      timeout: this.config.OPENAI_TIMEOUT_MS,
      // The generation job retries transient failures with backoff; SDK retries would multiply them.
      maxRetries: 0,
    });
    return this.client;
  }

  private record(promptTokens: number, completionTokens: number, durationMs: number, error?: string): ProviderCallRecord {
    return {
      provider: this.name,
      model: this.model,
      promptTokens,
      completionTokens,
      costUsd: callCost(promptTokens, completionTokens, this.config),
      durationMs,
      succeeded: error === undefined,
      ...(error === undefined ? {} : { error }),
    };
  }
}

/** US dollars for a call at the configured prices per million tokens. */
export function callCost(promptTokens: number, completionTokens: number, config: Pick<AppConfig, 'OPENAI_INPUT_USD_PER_MTOK' | 'OPENAI_OUTPUT_USD_PER_MTOK'>): number {
  const cost = (promptTokens * config.OPENAI_INPUT_USD_PER_MTOK + completionTokens * config.OPENAI_OUTPUT_USD_PER_MTOK) / 1_000_000;
  return Number(cost.toFixed(10));
}

/**
 * Reads an answer: JSON (tolerating code fences from servers that ignore response_format), a `questions`
 * list, each item validated as a domain question of a requested type (another requested type may stand
 * in for one the transcript gave no material for), then the question rules: word-memory questions,
 * wrong options of another kind than the right one and incomplete matching/sorting/drag sides are
 * dropped. Accepted when at least one and at least half of the slots got a question, no more than a
 * third of the valid questions were dropped, and no feedback text is used twice.
 */
function checkAnswer(answer: AiAnswer, slots: readonly QuestionSlot[], request: GenerationRequest): AnswerCheck {
  const refused = (errors: string[]): AnswerCheck => ({ accepted: false, brokeRules: false, questions: [], errors });
  if (answer.refusal) return refused([`the model refused: ${answer.refusal}`]);
  const parsed = parseJson(answer.content);
  if (!parsed.ok) {
    const cut = answer.finishReason === 'length' ? ' (the answer was cut off at the length limit)' : '';
    return refused([`the answer is not JSON${cut}: ${parsed.error}`]);
  }
  const list = typeof parsed.value === 'object' && parsed.value !== null ? (parsed.value as Record<string, unknown>)['questions'] : undefined;
  if (!Array.isArray(list)) return refused(['the answer has no "questions" list']);

  const requested = new Set(slots.map((s) => s.type));
  const questions: Question[] = [];
  const errors: string[] = [];
  let valid = 0;
  list.forEach((item, i) => {
    const result = validateQuestion(toQuestionCandidate(item, request.chapters), { durationSeconds: request.durationSeconds });
    if (!result.ok) {
      errors.push(`question ${i + 1}: ${result.errors.join('; ')}`);
      return;
    }
    const question = result.question;
    if (!requested.has(question.type)) {
      errors.push(`question ${i + 1}: no ${question.type} questions were asked for`);
      return;
    }
    if (valid === slots.length) {
      errors.push(`question ${i + 1}: more than the ${slots.length} questions asked for`);
      return;
    }
    valid += 1;
    const broken = ruleProblems(question);
    if (broken.length > 0) errors.push(`question ${i + 1}: ${broken.join('; ')}`);
    else questions.push(question);
  });
  if (valid === 0 && errors.length === 0) errors.push('the "questions" list is empty');
  const repeated = repeatedFeedback(questions).map((text) => `the same feedback text is used on several questions; write feedback specific to each question: “${shorten(text, 80)}”`);
  const dropped = valid - questions.length;
  const wellFormed = valid > 0 && valid * 2 >= slots.length;
  const keptEnough = questions.length > 0 && questions.length * 2 >= slots.length && dropped * 3 <= valid;
  if (!wellFormed) errors.unshift(`only ${valid} of the ${slots.length} questions asked for are valid`);
  else if (!keptEnough) errors.unshift(`${dropped} of the ${valid} questions break the question rules`);
  errors.push(...repeated);
  const accepted = wellFormed && keptEnough && repeated.length === 0;
  return { accepted, brokeRules: wellFormed && !accepted, questions, errors };
}

/** The question rules one question breaks (the built-in writer's checks), as readable problems. */
function ruleProblems(q: Question): string[] {
  const problems: string[] = [];
  if (isWordMemoryQuestion(q)) problems.push('asks which words were said or where, not what they mean; ask about the content instead');
  const mismatched = distractorPosMismatches(q);
  if (mismatched.length > 0) problems.push(`wrong options of another kind than the right answer (${mismatched.map((o) => `“${shorten(o, 40)}”`).join(', ')})`);
  const incomplete = incompleteSides(q);
  if (incomplete.length > 0) problems.push(`incomplete items, write complete phrases without blanks (${incomplete.map((o) => `“${shorten(o, 40)}”`).join(', ')})`);
  return problems;
}

/** Tells the creator when the model wrote fewer questions of a type than planned (no material for it) or fewer in all. */
function noteShortfall(questions: readonly Question[], slots: readonly QuestionSlot[], hooks: ProviderHooks): void {
  if (!hooks.note) return;
  const planned = new Map<QuestionType, number>();
  for (const slot of slots) planned.set(slot.type, (planned.get(slot.type) ?? 0) + 1);
  for (const [type, count] of planned) {
    const written = questions.filter((q) => q.type === type).length;
    if (written < count) {
      const label = QUESTION_TYPE_LABELS[type];
      hooks.note({ code: 'type_substituted', type, message: `The AI model wrote ${written} of the ${count} ${label} questions planned: the transcript gave too little material for more, or they broke the question rules.` });
    }
  }
  if (questions.length < slots.length) hooks.note({ code: 'fewer_questions', message: `Wrote ${questions.length} of the ${slots.length} questions asked for.` });
}

function shorten(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

function parseJson(content: string): { ok: true; value: unknown } | { ok: false; error: string } {
  const text = content
    .trim()
    .replace(/^```(?:json)?\s*/i, '')
    .replace(/\s*```$/, '');
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    const first = text.indexOf('{');
    const last = text.lastIndexOf('}');
    if (first >= 0 && last > first) {
      try {
        return { ok: true, value: JSON.parse(text.slice(first, last + 1)) };
      } catch {
        // Reported below with the first parser message.
      }
    }
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/** The refused answer (shortened) and a note listing what was wrong, for the next call. */
function correctionMessages(content: string, errors: string[], slotCount: number): ChatCompletionMessageParam[] {
  const previous = content.length > 2000 ? `${content.slice(0, 2000)} …` : content;
  return [
    { role: 'assistant', content: previous === '' ? '(empty answer)' : previous },
    {
      role: 'user',
      content: [
        'That answer could not be used:',
        ...errors.slice(0, 12).map((e) => `- ${e}`),
        `Answer again with only one JSON object {"questions": [...]} holding exactly ${slotCount} questions, one per requested slot, following every rule and answer shape above.`,
      ].join('\n'),
    },
  ];
}

function summarise(errors: string[]): string {
  const text = errors.slice(0, 5).join('; ');
  return text.length > 500 ? `${text.slice(0, 500)} …` : text;
}

/**
 * Maps an SDK failure to what the job should do: timeouts, connection errors, 408/409/429 and 5xx are
 * transient (a plain Error: the job retries with backoff); a refused key, a bad request, an unknown model
 * or a used-up quota are permanent (ProviderError). Messages never contain the API key.
 *
 * A connection error that took the whole timeout is a timeout too: the SDK recognises its own abort only
 * when the fetch AbortError is an Error of its realm, which it is not in every runtime (Jest's VM, for one).
 */
export function describeFailure(
  error: unknown,
  config: Pick<AppConfig, 'OPENAI_API_KEY' | 'OPENAI_TIMEOUT_MS'>,
  model: string,
  elapsedMs = 0,
): Error {
  if (error instanceof ProviderError) return error;
  const clean = (text: string): string => redact(text, config.OPENAI_API_KEY);
  const timedOut = error instanceof APIConnectionError && elapsedMs >= config.OPENAI_TIMEOUT_MS;
  if (error instanceof APIConnectionTimeoutError || timedOut) {
    return new Error(`The AI service did not answer within ${Number((config.OPENAI_TIMEOUT_MS / 1000).toFixed(1))} s.`);
  }
  if (error instanceof APIConnectionError) {
    const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
    return new Error(clean(`The AI service could not be reached (connection failed${cause}).`));
  }
  if (error instanceof APIError && typeof error.status === 'number') {
    return describeStatus(error.status, serverMessage(error), error.code ?? null, model, clean);
  }
  const text = error instanceof Error ? error.message : String(error);
  return new Error(clean(`The AI call failed: ${text}`));
}

function describeStatus(status: number, message: string, code: string | null, model: string, clean: (text: string) => string): Error {
  if (status === 401 || status === 403) return new ProviderError(`The AI service refused the API key (${status}). Check OPENAI_API_KEY.`, true);
  if (status === 429 && code === 'insufficient_quota') {
    return new ProviderError('The AI account has no quota left (429). Check the OpenAI billing, or generate without AI.', true);
  }
  if (status === 429) return new Error('The AI service is busy (429): too many requests for now.');
  if (status >= 500) return new Error(`The AI service failed (${status}).`);
  if (status === 408 || status === 409) return new Error(`The AI service could not take the request now (${status}).`);
  if (status === 404) return new ProviderError(clean(`The AI service does not know the model "${model}" or the address (404): ${message}`), true);
  return new ProviderError(clean(`The AI service rejected the request (${status}): ${message}`), true);
}

/** The server's own error text (OpenAI's `{error: {message}}`), without the status prefix the SDK adds. */
function serverMessage(error: APIError): string {
  const body = error.error as { message?: unknown } | undefined;
  const text = typeof body?.message === 'string' ? body.message : error.message.replace(/^\d{3}\s+/, '');
  return text.length > 300 ? `${text.slice(0, 300)} …` : text;
}

function redact(text: string, apiKey: string | undefined): string {
  return apiKey ? text.split(apiKey).join('[API key]') : text;
}
