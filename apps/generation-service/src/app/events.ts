import type { EntityManager } from 'typeorm';
import type { AiCostRecordedPayload, DomainEventPayloads, DomainEventType } from '@veolearn/contracts';
import { writeEvent } from '@veolearn/outbox';
import { GENERATION_SCHEMA } from './entities';

export const GENERATION_PRODUCER = 'generation-service';

/** Writes a domain event into generation.outbox in the transaction of `manager`. */
export function emit<T extends DomainEventType>(manager: EntityManager, type: T, payload: DomainEventPayloads[T]) {
  return writeEvent(manager, { schema: GENERATION_SCHEMA, producer: GENERATION_PRODUCER, type, payload });
}

/**
 * Which bill an AI call lands on: OpenAI calls on 'openai'; any other provider on 'others'.
 * The built-in offline generator costs nothing and is no AI bill: its calls get no event at all.
 */
export function costService(provider: string): AiCostRecordedPayload['service'] {
  return provider === 'openai' ? 'openai' : 'others';
}

export function isBilled(provider: string, costUsd: number): boolean {
  return provider !== 'builtin' || costUsd > 0;
}
