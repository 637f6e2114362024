import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { RequestContext } from '@veolearn/contracts';
import { emit } from '../events';

export interface LtiSecurityEvent {
  eventType: 'lti_launch_refused' | 'lti_login_refused' | 'lti_link_refused';
  reason: string;
  message: string;
  platformId?: string | null;
  issuer?: string | null;
  context?: RequestContext;
}

/** Refused logins and launches, kept in `lti.security_events` for admins. */
@Injectable()
export class SecurityEvents {
  private readonly logger = new Logger('LtiSecurity');

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async record(event: LtiSecurityEvent): Promise<void> {
    this.logger.warn(`${event.eventType} (${event.reason}): ${event.message}`);
    await this.dataSource
      .transaction(async (manager) => {
        await manager.query(`INSERT INTO lti.security_events (event_type, reason, message, platform_id, issuer, ip, user_agent) VALUES ($1, $2, $3, $4, $5, $6, $7)`, [
          event.eventType,
          event.reason.slice(0, 60),
          event.message,
          event.platformId ?? null,
          event.issuer?.slice(0, 500) ?? null,
          event.context?.ip?.slice(0, 64) ?? null,
          event.context?.userAgent?.slice(0, 512) ?? null,
        ]);
        await emit(manager, 'security.event', {
          eventType: event.eventType,
          severity: 'warning',
          userId: null,
          userEmail: null,
          ipAddress: event.context?.ip?.slice(0, 64) ?? null,
          details: { reason: event.reason.slice(0, 60), message: event.message, platformId: event.platformId ?? null, issuer: event.issuer ?? null },
        });
      })
      .catch((error: unknown) => this.logger.error(`Could not record a security event: ${error instanceof Error ? error.message : String(error)}`));
  }
}
