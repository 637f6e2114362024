import { BadRequestException, Body, Controller, Get, Param, Put, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import {
  type AdminAnalytics,
  type AdminCosts,
  type AdminQuickAccess,
  AdminRangeQuery,
  type AdminSecurity,
  type AdminSecurityEvent,
  AdminSecurityEventsQuery,
  type AdminSubscriptions,
  AdminUsersQuery,
  type AdminUsersPage,
  ADMIN_PAGE_SIZE_DEFAULT,
  type FixedCostSettings,
  type Principal,
  ResolveSecurityEventDto,
  SaveFixedCostsDto,
} from '@veolearn/contracts';
import { CurrentPrincipal } from '../auth/auth.decorators';
import { AdminMetricsClient } from '../services/admin-metrics-client';
import { AdminGuard } from './admin.guard';

/** The default window of every admin figure. */
export const DEFAULT_ADMIN_RANGE = '30d';
const EVENT_ID = /^[A-Za-z0-9-]{1,64}$/;

/**
 * The admin dashboard's figures, read from the admin-metrics-service's read models (fed by the
 * producers' domain events). Admins only: anyone else gets 403, a signed-out caller 401.
 */
@ApiTags('admin')
@ApiBearerAuth()
@UseGuards(AdminGuard)
@Controller('admin')
export class AdminController {
  constructor(private readonly metrics: AdminMetricsClient) {}

  @Get('analytics')
  @ApiOperation({ summary: 'Users, videos, questions, sessions, sources and conversion over the range (24h, 7d, 30d or 90d)' })
  analytics(@Query() query: AdminRangeQuery): Promise<AdminAnalytics> {
    return this.metrics.analytics({ range: query.range ?? DEFAULT_ADMIN_RANGE });
  }

  @Get('costs')
  @ApiOperation({ summary: 'AI usage and fixed monthly costs over the range, in AUD, with revenue, profit and margin' })
  costs(@Query() query: AdminRangeQuery): Promise<AdminCosts> {
    return this.metrics.costs({ range: query.range ?? DEFAULT_ADMIN_RANGE });
  }

  @Get('subscriptions')
  @ApiOperation({ summary: 'Monthly revenue, active subscriptions, trials, conversion and recent plan changes' })
  subscriptions(@Query() query: AdminRangeQuery): Promise<AdminSubscriptions> {
    return this.metrics.subscriptions({ range: query.range ?? DEFAULT_ADMIN_RANGE });
  }

  @Get('users')
  @ApiOperation({ summary: 'Every user, newest first, a page at a time; `search` matches username, e-mail or name' })
  users(@Query() query: AdminUsersQuery): Promise<AdminUsersPage> {
    return this.metrics.users({ page: query.page ?? 1, pageSize: query.pageSize ?? ADMIN_PAGE_SIZE_DEFAULT, search: query.search || undefined });
  }

  @Get('security-events')
  @ApiOperation({ summary: 'Failed sign-ins, lockouts, rate-limit hits and refused LTI launches over the range, filterable' })
  securityEvents(@Query() query: AdminSecurityEventsQuery): Promise<AdminSecurity> {
    return this.metrics.securityEvents({
      range: query.range ?? DEFAULT_ADMIN_RANGE,
      page: query.page ?? 1,
      pageSize: query.pageSize ?? ADMIN_PAGE_SIZE_DEFAULT,
      severity: query.severity,
      eventType: query.eventType || undefined,
      resolved: query.resolved,
    });
  }

  @Put('security-events/:id')
  @ApiParam({ name: 'id', type: String })
  @ApiOperation({ summary: 'Mark a security event resolved (or open again)' })
  resolve(@Param('id') id: string, @Body() dto: ResolveSecurityEventDto, @CurrentPrincipal() admin: Principal): Promise<AdminSecurityEvent> {
    if (!EVENT_ID.test(id)) throw new BadRequestException('The security event id is not valid.');
    return this.metrics.resolveSecurityEvent({ id, resolved: dto.resolved, actorUserId: admin.userId });
  }

  @Get('quick-access')
  @ApiOperation({ summary: 'Total, trial and paid users and the 10 newest users' })
  quickAccess(): Promise<AdminQuickAccess> {
    return this.metrics.quickAccess();
  }

  @Get('settings/costs')
  @ApiOperation({ summary: 'Fixed monthly costs (hosting and others) and the USD to AUD rate used for AI usage' })
  fixedCosts(): Promise<FixedCostSettings> {
    return this.metrics.fixedCosts();
  }

  @Put('settings/costs')
  @ApiOperation({ summary: 'Replace the fixed monthly costs and the USD to AUD rate' })
  saveFixedCosts(@Body() dto: SaveFixedCostsDto, @CurrentPrincipal() admin: Principal): Promise<FixedCostSettings> {
    return this.metrics.saveFixedCosts({ items: dto.items.map(({ name, category, monthlyAmount }) => ({ name, category, monthlyAmount })), usdToAud: dto.usdToAud, actorUserId: admin.userId });
  }
}
