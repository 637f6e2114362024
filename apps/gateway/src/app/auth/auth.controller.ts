import { Body, CanActivate, Controller, ExecutionContext, Get, HttpCode, HttpException, HttpStatus, Inject, Injectable, Logger, Post, Put, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  type AuthResult,
  type Principal,
  type RequestContext,
  SignInDto,
  SignUpDto,
  UpdateProfileDto,
  type UserView,
} from '@veolearn/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import Redis from 'ioredis';
import { AppConfig } from '@veolearn/config';
import { REDIS } from '@veolearn/nest-common';
import { ipTracker } from '../http/client-throttle';
import { ownerOf } from '../library/library-http';
import { AuthClient } from '../services/auth-client';
import { VideoClient } from '../services/video-client';
import { ClientContext, CredentialRoute, CurrentPrincipal, Public } from './auth.decorators';

const SIGN_UP_WINDOW_MS = 60 * 60_000;
/** Adds one to a counter and starts its window on the first hit, in one step (no counter left without expiry). */
const COUNT_IN_WINDOW = `local n = redis.call('INCR', KEYS[1]) if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end return {n, redis.call('PTTL', KEYS[1])}`;

/**
 * Sign-up attempts per client address: AUTH_RATE_LIMIT_PER_MINUTE an hour (30 by default), on top of
 * the per-minute limit on sign-in and sign-up. Sign-up answers 409 for an e-mail that has an account
 * (a teacher who mistyped must be told, and there is no e-mail delivery to tell them otherwise), so
 * this is what keeps a client from checking e-mails in bulk; a school behind one address still gets
 * dozens of sign-ups an hour, and Google sign-in is not counted here.
 */
@Injectable()
export class SignUpLimitGuard implements CanActivate {
  private readonly logger = new Logger(SignUpLimitGuard.name);

  constructor(
    private readonly config: AppConfig,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const key = `{signup:${ipTracker(http.getRequest<FastifyRequest>())}}:count`;
    let count: number;
    let ttlMs: number;
    try {
      [count, ttlMs] = (await this.redis.eval(COUNT_IN_WINDOW, 1, key, SIGN_UP_WINDOW_MS)) as [number, number];
    } catch (error) {
      // Redis is down: sign-up still works (the per-minute limit and the database's unique keys remain).
      this.logger.warn(`Sign-up limit not counted (Redis unavailable): ${String(error)}`);
      return true;
    }
    if (count <= this.config.AUTH_RATE_LIMIT_PER_MINUTE) return true;
    void http.getResponse<FastifyReply>().header('retry-after', String(Math.max(1, Math.ceil(ttlMs / 1000))));
    throw new HttpException('Too many sign-up attempts from this network. Please try again in an hour.', HttpStatus.TOO_MANY_REQUESTS);
  }
}

/**
 * GET /api/auth/user: the user with the library's video count, or, when only the count could not be
 * had, null for it and `unavailable` naming it.
 */
export type CurrentUserView = Omit<UserView, 'totalVideosCreated'> & { totalVideosCreated: number | null; unavailable?: Array<'totalVideosCreated'> };

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  private readonly logger = new Logger(AuthController.name);

  constructor(
    private readonly auth: AuthClient,
    private readonly videos: VideoClient,
  ) {}

  @Public()
  @CredentialRoute()
  @Post('signup')
  @UseGuards(SignUpLimitGuard)
  @ApiOperation({
    summary: 'Create an account with a 7-day trial and start a session',
    description: 'An e-mail or username that already has an account is refused with 409. Limited per client address to AUTH_RATE_LIMIT_PER_MINUTE attempts an hour (429).',
  })
  signUp(@Body() dto: SignUpDto, @ClientContext() context: RequestContext): Promise<AuthResult> {
    return this.auth.signUp({
      username: dto.username,
      email: dto.email,
      password: dto.password,
      firstName: dto.firstName,
      lastName: dto.lastName,
      context,
    });
  }

  @Public()
  @CredentialRoute()
  @Post('signin')
  @HttpCode(200)
  @ApiOperation({ summary: 'Sign in with e-mail (in the username field) and password' })
  signIn(@Body() dto: SignInDto, @ClientContext() context: RequestContext): Promise<AuthResult> {
    return this.auth.signIn({ email: dto.username, password: dto.password, context });
  }

  @Get('validate')
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Check that the bearer token names a live session' })
  validate(@CurrentPrincipal() principal: Principal): { valid: true; user: { id: number; isAdmin: boolean; plan: string; subscriptionStatus: string } } {
    const { plan, subscriptionStatus } = principal.entitlements;
    return { valid: true, user: { id: principal.userId, isAdmin: principal.isAdmin, plan, subscriptionStatus } };
  }

  @Get('user')
  @ApiBearerAuth()
  @ApiOperation({
    summary: 'The signed-in user',
    description:
      'totalVideosCreated is the number of videos in the library now. When only that count cannot be had (the video-service is away), ' +
      'the user is still answered, with totalVideosCreated null and unavailable: ["totalVideosCreated"].',
  })
  async user(@CurrentPrincipal() principal: Principal): Promise<CurrentUserView> {
    // The count belongs to the video-service; its failure must not cost the caller their profile.
    const count = this.videos.countVideos(ownerOf(principal)).then(
      (videos) => videos.count,
      (error: unknown) => {
        this.logger.warn(`Video count unavailable for user ${principal.userId}: ${error instanceof Error ? error.message : String(error)}`);
        return null;
      },
    );
    const [user, totalVideosCreated] = await Promise.all([this.auth.currentUser(principal.userId), count]);
    return totalVideosCreated === null ? { ...user, totalVideosCreated, unavailable: ['totalVideosCreated'] } : { ...user, totalVideosCreated };
  }

  @Put('user')
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Edit your profile: first name, last name, username' })
  updateUser(@CurrentPrincipal() principal: Principal, @Body() dto: UpdateProfileDto): Promise<UserView> {
    return this.auth.updateProfile({ userId: principal.userId, username: dto.username, firstName: dto.firstName, lastName: dto.lastName });
  }

  @Post('logout')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'End the session named by the bearer token' })
  logout(@CurrentPrincipal() principal: Principal): Promise<{ success: true }> {
    return this.auth.logout(principal.sessionId);
  }
}
