import { CanActivate, ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthClient } from '../services/auth-client';
import { AuthedRequest, IS_PUBLIC } from './auth.decorators';

const BEARER = /^Bearer\s+([A-Za-z0-9\-_.~+/]+=*)\s*$/i;

/** Every route needs a live session unless it is marked @Public(). */
@Injectable()
export class SessionGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly auth: AuthClient,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()]);
    if (isPublic) return true;
    const request = context.switchToHttp().getRequest<AuthedRequest>();
    const header = request.headers.authorization;
    if (!header) throw new UnauthorizedException('Sign in to continue.');
    const match = BEARER.exec(header);
    if (!match?.[1] || match[1].length > 4096) throw new UnauthorizedException('Invalid session token. Please sign in again.');
    request.principal = await this.auth.validate(match[1]);
    return true;
  }
}
