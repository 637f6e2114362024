import { Controller, type OnApplicationShutdown } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { InjectDataSource } from '@nestjs/typeorm';
import type Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { AppConfig } from '@veolearn/config';
import {
  type AdminAnalytics,
  type AdminCosts,
  type AdminExportRows,
  AdminMetricsPatterns,
  type AdminQuickAccess,
  type AdminSecurity,
  type AdminSecurityEvent,
  type AdminSubscriptions,
  type AdminUsersPage,
  type FixedCostSettings,
  type PingReply,
  type ServiceHealth,
} from '@veolearn/contracts';
import { INSTANCE_ID, probe, rpcError } from '@veolearn/nest-common';
import { producerConnection } from '@veolearn/queues';
import { AdminMetricsQueries } from './queries/admin-metrics.queries';
import { InputError } from './queries/windows';

export const SERVICE_NAME = 'admin-metrics-service';

/** Bad input answers 400 with the reason; everything else goes to the RpcErrorFilter. */
async function answer<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof InputError) throw rpcError(400, error.message);
    throw error;
  }
}

/** Every pattern is admin-only: the gateway's AdminGuard has checked the caller. */
@Controller()
export class AdminMetricsController implements OnApplicationShutdown {
  private readonly redis: Redis;

  constructor(
    private readonly queries: AdminMetricsQueries,
    @InjectDataSource() private readonly dataSource: DataSource,
    config: AppConfig,
  ) {
    this.redis = producerConnection(config);
  }

  @MessagePattern(AdminMetricsPatterns.analytics)
  analytics(@Payload() message: unknown): Promise<AdminAnalytics> {
    return answer(() => this.queries.analytics(message));
  }

  @MessagePattern(AdminMetricsPatterns.costs)
  costs(@Payload() message: unknown): Promise<AdminCosts> {
    return answer(() => this.queries.costs(message));
  }

  @MessagePattern(AdminMetricsPatterns.subscriptions)
  subscriptions(@Payload() message: unknown): Promise<AdminSubscriptions> {
    return answer(() => this.queries.subscriptions(message));
  }

  @MessagePattern(AdminMetricsPatterns.users)
  users(@Payload() message: unknown): Promise<AdminUsersPage> {
    return answer(() => this.queries.users(message));
  }

  @MessagePattern(AdminMetricsPatterns.securityEvents)
  securityEvents(@Payload() message: unknown): Promise<AdminSecurity> {
    return answer(() => this.queries.securityEvents(message));
  }

  @MessagePattern(AdminMetricsPatterns.resolveSecurityEvent)
  resolveSecurityEvent(@Payload() message: unknown): Promise<AdminSecurityEvent> {
    return answer(async () => {
      const event = await this.queries.resolveSecurityEvent(message);
      if (!event) throw rpcError(404, 'Security event not found');
      return event;
    });
  }

  @MessagePattern(AdminMetricsPatterns.quickAccess)
  quickAccess(): Promise<AdminQuickAccess> {
    return answer(() => this.queries.quickAccess());
  }

  @MessagePattern(AdminMetricsPatterns.exportRows)
  exportRows(@Payload() message: unknown): Promise<AdminExportRows> {
    return answer(() => this.queries.exportRows(message));
  }

  @MessagePattern(AdminMetricsPatterns.fixedCosts)
  fixedCosts(): Promise<FixedCostSettings> {
    return answer(() => this.queries.fixedCosts());
  }

  @MessagePattern(AdminMetricsPatterns.saveFixedCosts)
  saveFixedCosts(@Payload() message: unknown): Promise<FixedCostSettings> {
    return answer(() => this.queries.saveFixedCosts(message));
  }

  /** Postgres and the events queue's Redis. */
  @MessagePattern(AdminMetricsPatterns.health)
  async health(): Promise<ServiceHealth> {
    const [postgres, queue] = await Promise.all([probe(() => this.dataSource.query('SELECT 1')), probe(() => this.redis.ping())]);
    return { service: SERVICE_NAME, instanceId: INSTANCE_ID, dependencies: { postgres, queue } };
  }

  @MessagePattern(AdminMetricsPatterns.ping)
  ping(): PingReply {
    return { service: SERVICE_NAME, instanceId: INSTANCE_ID };
  }

  onApplicationShutdown(): void {
    this.redis.disconnect();
  }
}
