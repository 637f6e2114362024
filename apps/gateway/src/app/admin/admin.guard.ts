import { CanActivate, ExecutionContext, ForbiddenException, Injectable } from '@nestjs/common';
import type { AuthedRequest } from '../auth/auth.decorators';

/** Lets only admins through; runs after the session guard has named the user. */
@Injectable()
export class AdminGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<AuthedRequest>();
    if (!request.principal?.isAdmin) throw new ForbiddenException("You don't have admin permissions.");
    return true;
  }
}
