import type { EntityManager } from 'typeorm';
import type { DomainEventPayloads, DomainEventType } from '@veolearn/contracts';
import { writeEvent } from '@veolearn/outbox';
import { LIBRARY_SCHEMA } from './entities';

export const VIDEO_PRODUCER = 'video-service';

/** Writes a domain event into library.outbox in the transaction of `manager`. */
export function emit<T extends DomainEventType>(manager: EntityManager, type: T, payload: DomainEventPayloads[T]) {
  return writeEvent(manager, { schema: LIBRARY_SCHEMA, producer: VIDEO_PRODUCER, type, payload });
}

/**
 * The source of a new video: 'upload' for an uploaded file, otherwise 'youtube' (a YouTube link or a
 * pasted transcript). The app makes no AI videos yet, so 'generated' is never sent; no video is VR yet (isVr false).
 */
export function videoSource(type: string): 'youtube' | 'upload' | 'generated' {
  return type === 'upload' ? 'upload' : type === 'generated' ? 'generated' : 'youtube';
}
