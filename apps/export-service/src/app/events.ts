import type { EntityManager } from 'typeorm';
import type { DomainEventPayloads, DomainEventType } from '@veolearn/contracts';
import { writeEvent } from '@veolearn/outbox';
import { EXPORT_SCHEMA } from './entities';

export const EXPORT_PRODUCER = 'export-service';

/** Writes a domain event into export.outbox in the transaction of `manager`. */
export function emit<T extends DomainEventType>(manager: EntityManager, type: T, payload: DomainEventPayloads[T]) {
  return writeEvent(manager, { schema: EXPORT_SCHEMA, producer: EXPORT_PRODUCER, type, payload });
}
