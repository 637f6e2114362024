import { BadRequestException, Body, Controller, Get, Header, HttpCode, Post, Req, Res, ServiceUnavailableException } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { GoogleExchangeDto } from '@veolearn/contracts';
import { AuthClient } from '../services/auth-client';
import { Public, requestContext } from './auth.decorators';
import { GoogleOAuthService, readNonceCookie, STATE_REFUSED } from './google-oauth.service';

const CODE_REFUSED = 'The sign-in code expired, was already used or was not issued to this browser. Please sign in again.';

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
    const nonce = this.google.newNonce();
    reply.hijack();
    reply.raw.setHeader('set-cookie', this.google.nonceCookie(nonce));
    reply.raw.setHeader('cache-control', 'no-store');
    this.google.redirect(Object.assign(request.raw, { googleNonce: nonce }), reply.raw);
  }

  @Public()
  @Get('callback')
  @ApiOperation({ summary: 'Google redirects here; answers with a redirect to /auth/callback' })
  async callback(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    if (!this.google.configured) throw new ServiceUnavailableException(NOT_CONFIGURED);
    const nonce = readNonceCookie(request.headers.cookie);
    const raw = Object.assign(request.raw, { query: request.query, googleNonce: nonce });
    const outcome = await this.google.complete(raw, reply.raw);
    const context = requestContext(request);
    if ('error' in outcome) {
      await this.auth
        .recordSecurityEvent({ eventType: 'oauth_failed', severity: 'warning', context, details: { provider: 'google', reason: outcome.error } })
        .catch(() => undefined);
      return this.finish(reply, `/auth/callback?error=${encodeURIComponent(outcome.error)}`);
    }
    try {
      // The state check passed, so this browser holds the nonce.
      if (!nonce) return this.finish(reply, `/auth/callback?error=${encodeURIComponent(STATE_REFUSED)}`);
      const result = await this.auth.googleSignIn({ profile: outcome.profile, context });
      // The token never travels in a URL: /auth/callback gets a one-time code that only this browser can exchange.
      const code = await this.google.issueCode(result.token, nonce);
      return this.finish(reply, `/auth/callback?code=${encodeURIComponent(code)}`);
    } catch (error) {
      const message = error instanceof Error ? error.message : 'Google sign-in failed';
      return this.finish(reply, `/auth/callback?error=${encodeURIComponent(message)}`);
    }
  }

  @Public()
  @Post('exchange')
  @HttpCode(200)
  @Header('cache-control', 'no-store')
  @ApiOperation({ summary: 'Exchange the one-time code from /auth/callback for the session token (same browser, once)' })
  async exchange(@Body() dto: GoogleExchangeDto, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<{ token: string }> {
    if (!this.google.configured) throw new ServiceUnavailableException(NOT_CONFIGURED);
    const token = await this.google.redeemCode(dto.code, readNonceCookie(request.headers.cookie));
    if (!token) throw new BadRequestException(CODE_REFUSED);
    void reply.header('set-cookie', this.google.nonceCookie(null));
    return { token };
  }

  private finish(reply: FastifyReply, location: string): void {
    if (reply.raw.headersSent) return;
    void reply.code(302).header('location', location).header('cache-control', 'no-store').send();
  }
}
