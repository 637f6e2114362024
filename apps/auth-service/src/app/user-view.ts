import type { UserView } from '@veolearn/contracts';
import type { UserEntity } from './entities';

export function toUserView(user: UserEntity): UserView {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    subscriptionStatus: user.subscriptionStatus,
    plan: user.plan,
    trialEndsAt: user.trialEndsAt ? user.trialEndsAt.toISOString() : null,
    hasUnlimitedAccess: user.hasUnlimitedAccess,
    totalVideosCreated: user.totalVideosCreated,
    createdAt: user.createdAt.toISOString(),
    lastLoginAt: user.lastLoginAt ? user.lastLoginAt.toISOString() : null,
    isAdmin: user.isAdmin,
  };
}
