import { Injectable } from '@nestjs/common';
import type { Principal } from '@veolearn/contracts';
import { AppConfig } from '@veolearn/config';
import { MicroCache } from '../http/micro-cache';

/** Sessions remembered at most (a token is at most 4 KB); the oldest go first. */
const MAX_ENTRIES = 5000;

/** Writes whose success may end a session or change what it may do (sign-out, profile, plans, accounts). */
const SESSION_WRITE = /^\/api\/(?:auth|account|admin)(?:[/?]|$)/;

/** True for a request after whose success a remembered session may be out of date. */
export function changesSessions(method: string, url: string): boolean {
  return method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS' && SESSION_WRITE.test(url);
}

/**
 * The sessions this gateway has checked with the auth-service in the last SESSION_CACHE_MS, by token:
 * a teacher's page that makes ten calls at once, or a class polling, costs one check per period
 * instead of one per request. A refused token is never kept. Every sign-out, profile, plan or account
 * change through this gateway clears it before its answer leaves; another gateway sees such a change
 * within the period.
 */
@Injectable()
export class SessionCache extends MicroCache<string, Principal> {
  constructor(config: AppConfig) {
    super(config.SESSION_CACHE_MS, MAX_ENTRIES);
  }
}
