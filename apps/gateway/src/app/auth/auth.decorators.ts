import { createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { Principal, RequestContext } from '@veolearn/contracts';

export const IS_PUBLIC = 'veolearn:public';
/** The route answers without a session token. */
export const Public = () => SetMetadata(IS_PUBLIC, true);

export const IS_CREDENTIAL_ROUTE = 'veolearn:credential-route';
/** Sign-in and sign-up: rate-limited more tightly than the rest of the API. */
export const CredentialRoute = () => SetMetadata(IS_CREDENTIAL_ROUTE, true);

export type AuthedRequest = FastifyRequest & { principal?: Principal };

export const CurrentPrincipal = createParamDecorator((_data: unknown, ctx: ExecutionContext): Principal => {
  const request = ctx.switchToHttp().getRequest<AuthedRequest>();
  if (!request.principal) throw new Error('CurrentPrincipal used on a public route');
  return request.principal;
});

export function requestContext(request: FastifyRequest): RequestContext {
  const agent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof agent === 'string' ? agent.slice(0, 512) : undefined };
}

export const ClientContext = createParamDecorator((_data: unknown, ctx: ExecutionContext): RequestContext =>
  requestContext(ctx.switchToHttp().getRequest<FastifyRequest>()),
);
