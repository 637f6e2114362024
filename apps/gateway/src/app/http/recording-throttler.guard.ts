import { ExecutionContext, Injectable, Logger } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import {
  InjectThrottlerOptions,
  InjectThrottlerStorage,
  ThrottlerGuard,
  type ThrottlerLimitDetail,
  type ThrottlerModuleOptions,
  type ThrottlerStorage,
} from '@nestjs/throttler';
import type { FastifyRequest } from 'fastify';
import { AuthClient } from '../services/auth-client';

/** One `rate_limited` security event per client and minute at most, however hard it keeps knocking. */
const REPORT_EVERY_MS = 60_000;
/** Clients remembered for that; beyond this the oldest are forgotten (a flood cannot grow memory). */
const MAX_REMEMBERED = 10_000;

/**
 * The throttler guard that also reports a refused request as a security event (rate_limited),
 * through the auth-service, so admins see rate-limit hits beside failed sign-ins. Reporting never
 * delays or changes the 429.
 */
@Injectable()
export class RecordingThrottlerGuard extends ThrottlerGuard {
  private readonly reported = new Map<string, number>();
  private readonly events = new Logger('RateLimitEvents');

  constructor(
    @InjectThrottlerOptions() options: ThrottlerModuleOptions,
    @InjectThrottlerStorage() storage: ThrottlerStorage,
    reflector: Reflector,
    private readonly auth: AuthClient,
  ) {
    super(options, storage, reflector);
  }

  protected override async throwThrottlingException(context: ExecutionContext, detail: ThrottlerLimitDetail): Promise<void> {
    this.report(context, detail);
    return super.throwThrottlingException(context, detail);
  }

  private report(context: ExecutionContext, detail: ThrottlerLimitDetail): void {
    const now = Date.now();
    const last = this.reported.get(detail.tracker);
    if (last !== undefined && now - last < REPORT_EVERY_MS) return;
    this.reported.delete(detail.tracker);
    this.reported.set(detail.tracker, now);
    if (this.reported.size > MAX_REMEMBERED) this.reported.delete(this.reported.keys().next().value as string);
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const userAgent = request.headers['user-agent'];
    this.auth
      .recordSecurityEvent({
        eventType: 'rate_limited',
        severity: 'warning',
        context: { ip: request.ip, userAgent: typeof userAgent === 'string' ? userAgent.slice(0, 300) : undefined },
        details: { client: detail.tracker.replace(/:.*$/, ''), limit: detail.limit, windowSeconds: Math.round(detail.ttl / 1000), route: request.routeOptions?.url ?? null },
      })
      .catch((error: unknown) => this.events.warn(`A rate-limit hit was not recorded: ${String(error)}`));
  }
}
