import { Inject, Injectable } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';
import { AppConfig } from '@veolearn/config';
import {
  type AdminAnalytics,
  type AdminCosts,
  type AdminExportRows,
  type AdminExportRowsMessage,
  ADMIN_METRICS_SERVICE,
  AdminMetricsPatterns,
  type AdminQuickAccess,
  type AdminRangeMessage,
  type AdminSecurity,
  type AdminSecurityEvent,
  type AdminSecurityEventsMessage,
  type AdminSubscriptions,
  type AdminUsersMessage,
  type AdminUsersPage,
  type FixedCostSettings,
  type PingReply,
  type ResolveSecurityEventMessage,
  type SaveFixedCostsMessage,
  type ServiceHealth,
} from '@veolearn/contracts';
import { callService } from '@veolearn/nest-common';

/** Typed requests to the admin-metrics-service; one method per message pattern. */
@Injectable()
export class AdminMetricsClient {
  constructor(
    @Inject(ADMIN_METRICS_SERVICE) private readonly client: ClientProxy,
    private readonly config: AppConfig,
  ) {}

  private send<T>(pattern: string, payload: unknown, timeoutMs = this.config.SERVICE_TIMEOUT_MS): Promise<T> {
    return callService<T>(this.client, 'admin metrics service', pattern, payload, timeoutMs);
  }

  analytics(message: AdminRangeMessage): Promise<AdminAnalytics> {
    return this.send(AdminMetricsPatterns.analytics, message);
  }

  costs(message: AdminRangeMessage): Promise<AdminCosts> {
    return this.send(AdminMetricsPatterns.costs, message);
  }

  subscriptions(message: AdminRangeMessage): Promise<AdminSubscriptions> {
    return this.send(AdminMetricsPatterns.subscriptions, message);
  }

  users(message: AdminUsersMessage): Promise<AdminUsersPage> {
    return this.send(AdminMetricsPatterns.users, message);
  }

  securityEvents(message: AdminSecurityEventsMessage): Promise<AdminSecurity> {
    return this.send(AdminMetricsPatterns.securityEvents, message);
  }

  resolveSecurityEvent(message: ResolveSecurityEventMessage): Promise<AdminSecurityEvent> {
    return this.send(AdminMetricsPatterns.resolveSecurityEvent, message);
  }

  quickAccess(): Promise<AdminQuickAccess> {
    return this.send(AdminMetricsPatterns.quickAccess, {});
  }

  exportRows(message: AdminExportRowsMessage): Promise<AdminExportRows> {
    return this.send(AdminMetricsPatterns.exportRows, message);
  }

  fixedCosts(): Promise<FixedCostSettings> {
    return this.send(AdminMetricsPatterns.fixedCosts, {});
  }

  saveFixedCosts(message: SaveFixedCostsMessage): Promise<FixedCostSettings> {
    return this.send(AdminMetricsPatterns.saveFixedCosts, message);
  }

  health(timeoutMs: number): Promise<ServiceHealth> {
    return this.send(AdminMetricsPatterns.health, {}, timeoutMs);
  }

  ping(): Promise<PingReply> {
    return this.send(AdminMetricsPatterns.ping, {});
  }
}
