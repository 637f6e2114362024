import { Body, Controller, Get, Put, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type Principal, type RequestContext, type SubscriptionEventView, UpdateSubscriptionDto, type UserView } from '@veolearn/contracts';
import { ClientContext, CurrentPrincipal } from '../auth/auth.decorators';
import { IdParam } from '../library/library-http';
import { AuthClient } from '../services/auth-client';
import { AdminGuard } from './admin.guard';

@ApiTags('admin')
@ApiBearerAuth()
@UseGuards(AdminGuard)
@Controller('admin/users')
export class AdminSubscriptionsController {
  constructor(private readonly auth: AuthClient) {}

  @Put(':id/subscription')
  @ApiOperation({ summary: "Set a user's plan, subscription status or unlimited access (recorded as a subscription event)" })
  setSubscription(
    @IdParam('User') userId: number,
    @Body() dto: UpdateSubscriptionDto,
    @CurrentPrincipal() admin: Principal,
    @ClientContext() context: RequestContext,
  ): Promise<UserView> {
    return this.auth.setSubscription({ userId, actorUserId: admin.userId, plan: dto.plan, subscriptionStatus: dto.subscriptionStatus, hasUnlimitedAccess: dto.hasUnlimitedAccess, context });
  }

  @Get(':id/subscription-events')
  @ApiOperation({ summary: "A user's plan and status changes, newest first" })
  events(@IdParam('User') userId: number): Promise<SubscriptionEventView[]> {
    return this.auth.subscriptionEvents(userId);
  }
}
