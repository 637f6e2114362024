import { CanActivate, ExecutionContext, HttpException, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthClient } from '../services/auth-client';
import { AuthedRequest, IS_PUBLIC, OPTIONAL_SESSION } from './auth.decorators';
import { SessionCache } from './session-cache';

const BEARER = /^Bearer\s+([A-Za-z0-9\-_.~+/]+=*)\s*$/i;

/**
 * Every route needs a live session unless it is marked @Public(). An @OptionalSession() route is
 * public, and learns the principal when a valid token comes with the request.
 */
@Injectable()
export class SessionGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly auth: AuthClient,
    private readonly sessions: SessionCache,
  ) {}

  private validate(token: string) {
    return this.sessions.get(token, () => this.auth.validate(token));
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()]);
    const request = context.switchToHttp().getRequest<AuthedRequest>();
    if (isPublic) {
      if (this.reflector.getAllAndOverride<boolean>(OPTIONAL_SESSION, [context.getHandler(), context.getClass()])) {
        await this.optionalPrincipal(request);
      }
      return true;
    }
    const header = request.headers.authorization;
    if (!header) throw new UnauthorizedException('Sign in to continue.');
    const match = BEARER.exec(header);
    if (!match?.[1] || match[1].length > 4096) throw new UnauthorizedException('Invalid session token. Please sign in again.');
    request.principal = await this.validate(match[1]);
    return true;
  }

  /**
   * Sets the principal when the token is valid. A missing, malformed or rejected token leaves the
   * caller anonymous; an auth-service outage still fails the request (5xx), so an owner is never
   * silently shown the learner view.
   */
  private async optionalPrincipal(request: AuthedRequest): Promise<void> {
    const match = BEARER.exec(request.headers.authorization ?? '');
    if (!match?.[1] || match[1].length > 4096) return;
    try {
      request.principal = await this.validate(match[1]);
    } catch (error) {
      if (error instanceof HttpException && error.getStatus() >= 400 && error.getStatus() < 500) return;
      throw error;
    }
  }
}
