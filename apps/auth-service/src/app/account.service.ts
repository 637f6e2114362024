import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { SetSubscriptionMessage, SubscriptionChangedPayload, SubscriptionEventView, UpdateProfileMessage, UserView } from '@veolearn/contracts';
import { normalizeIdentifier, PLAN_INFO, type Plan, type SubscriptionStatus } from '@veolearn/domain';
import { rpcError } from '@veolearn/nest-common';
import { SubscriptionEventEntity, UserEntity } from './entities';
import { SecurityEventsService } from './security-events.service';
import { SessionService } from './session.service';
import { toUserView } from './user-view';
import { emit, updatedPayload } from './events';

function monthlyAmount(plan: Plan, status: SubscriptionStatus): number {
  return status === 'active' || status === 'past_due' ? PLAN_INFO[plan].priceAud : 0;
}

function eventType(before: UserEntity, after: { plan: Plan; subscriptionStatus: SubscriptionStatus }): string {
  if (before.plan !== after.plan && before.subscriptionStatus !== after.subscriptionStatus) return 'plan_and_status_changed';
  if (before.plan !== after.plan) return PLAN_INFO[after.plan].priceAud > PLAN_INFO[before.plan].priceAud ? 'upgraded' : 'downgraded';
  if (before.subscriptionStatus !== after.subscriptionStatus) return `status_${after.subscriptionStatus}`;
  return 'access_changed';
}

function toEventView(event: SubscriptionEventEntity): SubscriptionEventView {
  return {
    id: event.id,
    userId: event.userId,
    userEmail: event.userEmail,
    eventType: event.eventType,
    fromPlan: event.fromPlan,
    toPlan: event.toPlan,
    fromStatus: event.fromStatus,
    toStatus: event.toStatus,
    amount: Number(event.amount),
    currency: 'AUD',
    changedBy: event.changedBy,
    createdAt: event.createdAt.toISOString(),
  };
}

/** Profile edits by the user, and plan changes by an admin. */
@Injectable()
export class AccountService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly sessions: SessionService,
    private readonly securityEvents: SecurityEventsService,
  ) {}

  async updateProfile(message: UpdateProfileMessage): Promise<UserView> {
    return this.dataSource.transaction(async (manager) => {
      const user = await manager.findOne(UserEntity, { where: { id: message.userId }, lock: { mode: 'pessimistic_write' } });
      if (!user) throw rpcError(401, 'Your account no longer exists. Please sign in again.');
      if (message.username !== undefined) {
        const username = message.username.trim();
        const usernameLower = normalizeIdentifier(username);
        if (usernameLower !== user.usernameLower) {
          const taken = await manager.existsBy(UserEntity, { usernameLower });
          if (taken) throw rpcError(409, 'This username is already taken. Please choose another one.');
        }
        user.username = username;
        user.usernameLower = usernameLower;
      }
      if (message.firstName !== undefined) user.firstName = message.firstName?.trim() || null;
      if (message.lastName !== undefined) user.lastName = message.lastName?.trim() || null;
      await manager.save(user);
      await emit(manager, 'user.updated', updatedPayload(user));
      return toUserView(user);
    });
  }

  async setSubscription(message: SetSubscriptionMessage): Promise<UserView> {
    if (message.plan === undefined && message.subscriptionStatus === undefined && message.hasUnlimitedAccess === undefined) {
      throw rpcError(400, 'Give at least one of plan, subscriptionStatus or hasUnlimitedAccess');
    }
    const updated = await this.dataSource.transaction(async (manager) => {
      const user = await manager.findOne(UserEntity, { where: { id: message.userId }, lock: { mode: 'pessimistic_write' } });
      if (!user) throw rpcError(404, 'User not found');
      const before = { ...user };
      const plan = message.plan ?? user.plan;
      // Moving off the trial plan without a status means the paid plan is now active.
      const status = message.subscriptionStatus ?? (message.plan && message.plan !== 'trial' && user.subscriptionStatus === 'trial' ? 'active' : user.subscriptionStatus);
      user.plan = plan;
      user.subscriptionStatus = status;
      if (message.hasUnlimitedAccess !== undefined) user.hasUnlimitedAccess = message.hasUnlimitedAccess;
      await manager.save(user);
      // One plan change: the event's payload, and the auth schema's own row made from it.
      const change: SubscriptionChangedPayload = {
        userId: user.id,
        userEmail: user.email,
        eventType: eventType(before as UserEntity, { plan, subscriptionStatus: status }),
        fromPlan: before.plan,
        toPlan: plan,
        fromStatus: before.subscriptionStatus,
        toStatus: status,
        amount: monthlyAmount(plan, status),
        currency: 'AUD',
        hasUnlimitedAccess: user.hasUnlimitedAccess,
        changedBy: message.actorUserId,
      };
      const { hasUnlimitedAccess: _unlimited, ...row } = change;
      await manager.insert(SubscriptionEventEntity, { ...row, amount: change.amount.toFixed(2) });
      await emit(manager, 'subscription.changed', change);
      return user;
    });
    await this.sessions.forgetUser(updated.id);
    await this.securityEvents.record({
      eventType: 'subscription_changed_by_admin',
      severity: 'info',
      email: updated.email,
      userId: updated.id,
      context: message.context,
      details: { by: message.actorUserId, plan: updated.plan, status: updated.subscriptionStatus, unlimited: updated.hasUnlimitedAccess },
    });
    return toUserView(updated);
  }

  async subscriptionEvents(userId: number): Promise<SubscriptionEventView[]> {
    const events = await this.dataSource.getRepository(SubscriptionEventEntity).find({ where: { userId }, order: { id: 'DESC' }, take: 100 });
    return events.map(toEventView);
  }
}
