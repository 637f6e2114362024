import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { SecurityEventMessage } from '@veolearn/contracts';
import { SecurityEventEntity } from './entities';
import { emit } from './events';

@Injectable()
export class SecurityEventsService {
  private readonly logger = new Logger('SecurityEvents');

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Stores a security event and its security.event domain event in one transaction (the caller's,
   * when `manager` is given).
   */
  async record(event: SecurityEventMessage & { userId?: number | null }, manager?: EntityManager): Promise<void> {
    const row = {
      eventType: event.eventType.slice(0, 64),
      severity: event.severity,
      userEmail: event.email?.slice(0, 254) ?? null,
      userId: event.userId ?? null,
      ipAddress: event.context?.ip?.slice(0, 64) ?? null,
      details: event.details ?? null,
    };
    const write = async (m: EntityManager) => {
      await m.save(m.create(SecurityEventEntity, row));
      await emit(m, 'security.event', {
        eventType: row.eventType,
        severity: row.severity,
        userId: row.userId,
        userEmail: row.userEmail,
        ipAddress: row.ipAddress,
        details: row.details,
      });
    };
    if (manager) await write(manager);
    else await this.dataSource.transaction(write);
    if (event.severity !== 'info') {
      this.logger.warn(`${event.eventType} (${event.severity}) email=${event.email ?? '-'} ip=${event.context?.ip}`);
    }
  }
}
