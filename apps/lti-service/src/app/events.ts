import type { EntityManager } from 'typeorm';
import type { DomainEventPayloads, DomainEventType } from '@veolearn/contracts';
import { writeEvent } from '@veolearn/outbox';
import { LTI_SCHEMA } from './schema';

export const LTI_PRODUCER = 'lti-service';

/** Writes a domain event into lti.outbox in the transaction of `manager`. */
export function emit<T extends DomainEventType>(manager: EntityManager, type: T, payload: DomainEventPayloads[T]) {
  return writeEvent(manager, { schema: LTI_SCHEMA, producer: LTI_PRODUCER, type, payload });
}
