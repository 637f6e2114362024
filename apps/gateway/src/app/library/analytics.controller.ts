import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { LibraryAnalytics, Principal, UserAnalytics, UserView } from '@veolearn/contracts';
import { CurrentPrincipal } from '../auth/auth.decorators';
import { AuthClient } from '../services/auth-client';
import { VideoClient } from '../services/video-client';
import { ownerOf } from './library-http';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The library figures plus the account's own (watch time in minutes and hours, account age). */
export function userAnalytics(library: LibraryAnalytics, user: Pick<UserView, 'createdAt' | 'lastLoginAt'>, now = new Date()): UserAnalytics {
  const seconds = library.totalWatchTimeSeconds;
  const created = user.createdAt ? new Date(user.createdAt).getTime() : now.getTime();
  return {
    ...library,
    totalWatchTime: Math.floor(seconds / 60),
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
