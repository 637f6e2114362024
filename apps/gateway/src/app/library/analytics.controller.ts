import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { LibraryAnalytics, Principal, UserAnalytics, UserView } from '@veolearn/contracts';
import { planUsage, type PlanUsage } from '@veolearn/domain';
import { CurrentPrincipal } from '../auth/auth.decorators';
import { AuthClient } from '../services/auth-client';
import { VideoClient } from '../services/video-client';
import { ownerOf } from './library-http';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Watch time as the dashboard states it: whole seconds under a minute ("54 s"), else minutes with one
 * decimal ("1.5 min", "90 min"), so that a short lesson never reads as 0 minutes.
 */
export function watchTimeText(seconds: number): string {
  const s = Math.max(0, Math.round(Number.isFinite(seconds) ? seconds : 0));
  if (s < 60) return `${s} s`;
  return `${Math.round(s / 6) / 10} min`;
}

/** The library figures plus the account's own (watch time in minutes and hours, account age). */
export function userAnalytics(library: LibraryAnalytics, user: Pick<UserView, 'createdAt' | 'lastLoginAt'>, now = new Date()): UserAnalytics {
  const seconds = library.totalWatchTimeSeconds;
  const created = user.createdAt ? new Date(user.createdAt).getTime() : now.getTime();
  return {
    ...library,
    totalWatchTime: Math.round(seconds / 6) / 10,
    watchTimeText: watchTimeText(seconds),
    learningHours: Math.round((seconds / 3600) * 10) / 10,
    accountAgeDays: Math.max(0, Math.floor((now.getTime() - created) / DAY_MS)),
    lastLoginAt: user.lastLoginAt ?? null,
  };
}

@ApiTags('analytics')
@ApiBearerAuth()
@Controller('analytics')
export class AnalyticsController {
  constructor(
    private readonly videos: VideoClient,
    private readonly auth: AuthClient,
  ) {}

  @Get('user')
  @ApiOperation({ summary: "Your dashboard figures: library, learners' attempts and answers, account" })
  async user(@CurrentPrincipal() principal: Principal): Promise<UserAnalytics> {
    const [library, user] = await Promise.all([this.videos.userAnalytics(ownerOf(principal)), this.auth.currentUser(principal.userId)]);
    return userAnalytics(library, user);
  }
}

/** GET /api/account/usage: how much of the plan the account uses (the dashboard's counter, the wizard's check when it opens). */
@ApiTags('account')
@ApiBearerAuth()
@Controller('account')
export class AccountUsageController {
  constructor(private readonly videos: VideoClient) {}

  @Get('usage')
  @ApiOperation({
    summary: 'Plan usage: lessons used and allowed (videoLimit null = no cap), whether one more may be made now and why not',
    description:
      'canCreate applies the same rule as creating a video (402 there): the plan\'s video limit, an expired trial, a canceled subscription. ' +
      'videosWithoutQuestions counts lessons that have no questions yet: POST /api/youtube/transcript-paste with their videoId generates for them without making a new one.',
  })
  async usage(@CurrentPrincipal() principal: Principal): Promise<PlanUsage> {
    const counts = await this.videos.countVideos(ownerOf(principal));
    return planUsage(principal.entitlements, counts.count, counts.withoutQuestions ?? 0);
  }
}
