import { applyDecorators, createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { Principal, RequestContext } from '@veolearn/contracts';

export const IS_PUBLIC = 'veolearn:public';
/** The route answers without a session token. */
export const Public = () => SetMetadata(IS_PUBLIC, true);

export const OPTIONAL_SESSION = 'veolearn:optional-session';
/**
 * The route answers without a session (it is public), but a valid bearer token, when sent, makes the
 * signed-in user known (`@OptionalPrincipal()`); a missing or rejected token means an anonymous caller.
 */
export const OptionalSession = () => applyDecorators(Public(), SetMetadata(OPTIONAL_SESSION, true));

export const IS_CREDENTIAL_ROUTE = 'veolearn:credential-route';
/** Sign-in and sign-up: rate-limited more tightly than the rest of the API. */
export const CredentialRoute = () => SetMetadata(IS_CREDENTIAL_ROUTE, true);

export type AuthedRequest = FastifyRequest & { principal?: Principal };

export const CurrentPrincipal = createParamDecorator((_data: unknown, ctx: ExecutionContext): Principal => {
  const request = ctx.switchToHttp().getRequest<AuthedRequest>();
  if (!request.principal) throw new Error('CurrentPrincipal used on a public route');
  return request.principal;
});

/** On an @OptionalSession() route: the signed-in user, or null for an anonymous caller. */
export const OptionalPrincipal = createParamDecorator((_data: unknown, ctx: ExecutionContext): Principal | null => {
  return ctx.switchToHttp().getRequest<AuthedRequest>().principal ?? null;
});

export function requestContext(request: FastifyRequest): RequestContext {
  const agent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof agent === 'string' ? agent.slice(0, 512) : undefined };
}

export const ClientContext = createParamDecorator((_data: unknown, ctx: ExecutionContext): RequestContext =>
  requestContext(ctx.switchToHttp().getRequest<FastifyRequest>()),
);
