import { Body, Controller, Get, HttpCode, Post, Put } from '@nestjs/common';
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
import { ownerOf } from '../library/library-http';
import { AuthClient } from '../services/auth-client';
import { VideoClient } from '../services/video-client';
import { ClientContext, CredentialRoute, CurrentPrincipal, Public } from './auth.decorators';

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(
    private readonly auth: AuthClient,
    private readonly videos: VideoClient,
  ) {}

  @Public()
  @CredentialRoute()
  @Post('signup')
  @ApiOperation({ summary: 'Create an account with a 7-day trial and start a session' })
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
  @ApiOperation({ summary: 'The signed-in user' })
  async user(@CurrentPrincipal() principal: Principal): Promise<UserView> {
    // totalVideosCreated is the number of videos in the library now, which the video-service owns.
    const [user, videos] = await Promise.all([this.auth.currentUser(principal.userId), this.videos.countVideos(ownerOf(principal))]);
    return { ...user, totalVideosCreated: videos.count };
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
