import { Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type Redis from 'ioredis';
import type { Principal } from '@veolearn/contracts';
import { AppConfig } from '@veolearn/config';
import { createRedis, sessionsChangedChannel } from '@veolearn/nest-common';
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
 * instead of one per request. A refused token is never kept. It is cleared before the answer of every
 * sign-out, profile, plan or account change through this gateway leaves, and whenever the auth-service
 * says on Redis that sessions ended or changed (however it happened: another gateway, a password reset
 * from the command line), and when that subscription comes back after Redis was away. Without Redis,
 * the period alone bounds how long an ended session is still trusted.
 */
@Injectable()
export class SessionCache extends MicroCache<string, Principal> implements OnApplicationBootstrap, OnApplicationShutdown {
  private subscriber: Redis | null = null;

  constructor(private readonly config: AppConfig) {
    super(config.SESSION_CACHE_MS, MAX_ENTRIES);
  }

  onApplicationBootstrap(): void {
    if (this.config.SESSION_CACHE_MS <= 0) return;
    const channel = sessionsChangedChannel(this.config);
    const subscriber = createRedis(this.config, { keyPrefix: false });
    subscriber.on('error', () => undefined);
    subscriber.on('ready', () => {
      // Whatever was said while it was away is unknown: forget everything, then listen again.
      this.invalidate();
      subscriber.subscribe(channel).catch(() => undefined);
    });
    subscriber.on('message', () => this.invalidate());
    this.subscriber = subscriber;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.subscriber?.quit().catch(() => this.subscriber?.disconnect());
  }
}
