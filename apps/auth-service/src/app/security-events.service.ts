import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { SecurityEventMessage } from '@veolearn/contracts';
import { SecurityEventEntity } from './entities';

@Injectable()
export class SecurityEventsService {
  private readonly logger = new Logger('SecurityEvents');

  constructor(@InjectRepository(SecurityEventEntity) private readonly events: Repository<SecurityEventEntity>) {}

  async record(event: SecurityEventMessage & { userId?: number | null }): Promise<void> {
    await this.events.save(
      this.events.create({
      eventType: event.eventType.slice(0, 64),
      severity: event.severity,
      userEmail: event.email?.slice(0, 254) ?? null,
      userId: event.userId ?? null,
      ipAddress: event.context.ip?.slice(0, 64) ?? null,
      details: event.details ?? null,
      }),
    );
    if (event.severity !== 'info') {
      this.logger.warn(`${event.eventType} (${event.severity}) email=${event.email ?? '-'} ip=${event.context.ip}`);
    }
  }
}
