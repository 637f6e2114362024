import { Controller, Get, Req, Res, ServiceUnavailableException } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AuthClient } from '../services/auth-client';
import { Public, requestContext } from './auth.decorators';
import { GoogleOAuthService } from './google-oauth.service';

const NOT_CONFIGURED =
  'Google sign-in is not set up on this server. Sign in with your e-mail and password, or ask the administrator to configure GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET.';

@ApiTags('auth')
@Controller('auth/google')
export class GoogleController {
  constructor(
    private readonly google: GoogleOAuthService,
    private readonly auth: AuthClient,
  ) {}

  @Public()
  @Get('status')
  @ApiOperation({ summary: 'Whether Google sign-in is available' })
  status(): { configured: boolean } {
    return { configured: this.google.configured };
  }

  @Public()
  @Get()
  @ApiOperation({ summary: 'Start Google sign-in (redirects to Google)' })
  start(@Req() request: FastifyRequest, @Res() reply: FastifyReply): void {
    if (!this.google.configured) throw new ServiceUnavailableException(NOT_CONFIGURED);
    reply.hijack();
    this.google.redirect(request.raw, reply.raw);
  }

  @Public()
  @Get('callback')
  @ApiOperation({ summary: 'Google redirects here; answers with a redirect to /auth/callback' })
  async callback(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    if (!this.google.configured) throw new ServiceUnavailableException(NOT_CONFIGURED);
    const raw = Object.assign(request.raw, { query: request.query });
    const outcome = await this.google.complete(raw, reply.raw);
    const context = requestContext(request);
    if ('error' in outcome) {
      await this.auth
        .recordSecurityEvent({ eventType: 'oauth_failed', severity: 'warning', context, details: { provider: 'google', reason: outcome.error } })
        .catch(() => undefined);
      return this.finish(reply, `/auth/callback?error=${encodeURIComponent(outcome.error)}`);
    }
    try {
      const result = await this.auth.googleSignIn({ profile: outcome.profile, context });
      return this.finish(reply, `/auth/callback?token=${encodeURIComponent(result.token)}`);
    } catch (error) {
      const message = error instanceof Error ? error.message : 'Google sign-in failed';
      return this.finish(reply, `/auth/callback?error=${encodeURIComponent(message)}`);
    }
  }

  private finish(reply: FastifyReply, location: string): void {
    if (reply.raw.headersSent) return;
    void reply.code(302).header('location', location).header('cache-control', 'no-store').send();
  }
}
