import type { EntityManager } from 'typeorm';
import type { DomainEventPayloads, DomainEventType } from '@veolearn/contracts';
import { writeEvent } from '@veolearn/outbox';
import { AUTH_SCHEMA } from './entities';
import type { UserEntity } from './entities';

export const AUTH_PRODUCER = 'auth-service';

/** Writes a domain event into auth.outbox in the transaction of `manager`. */
export function emit<T extends DomainEventType>(manager: EntityManager, type: T, payload: DomainEventPayloads[T]) {
  return writeEvent(manager, { schema: AUTH_SCHEMA, producer: AUTH_PRODUCER, type, payload });
}

export function registeredPayload(user: UserEntity, via: 'password' | 'google' | 'lti'): DomainEventPayloads['user.registered'] {
  return {
    userId: user.id,
    username: user.username,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    isAdmin: user.isAdmin,
    plan: user.plan,
    subscriptionStatus: user.subscriptionStatus,
    trialEndsAt: user.trialEndsAt ? new Date(user.trialEndsAt).toISOString() : null,
    via,
  };
}

export function updatedPayload(user: UserEntity): DomainEventPayloads['user.updated'] {
  return { userId: user.id, username: user.username, email: user.email, firstName: user.firstName, lastName: user.lastName, isAdmin: user.isAdmin };
}
