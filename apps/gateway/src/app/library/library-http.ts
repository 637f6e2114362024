import { BadRequestException, createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { Owner, Principal } from '@veolearn/contracts';

const POSITIVE_INT = /^[1-9][0-9]{0,9}$/;
const MAX_ID = 2_147_483_647;

/** A path id as a number; anything but a whole number 1..2^31-1 answers 400 naming `label`. */
export function parseId(value: unknown, label: string): number {
  const text = String(value);
  const id = POSITIVE_INT.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(id) || id > MAX_ID) throw new BadRequestException(`${label} id must be a positive whole number`);
  return id;
}

/**
 * The raw `:id` path segment, checked by parseId. A custom decorator on purpose: the global
 * ValidationPipe converts `number` params itself (so '1e3' would arrive as 1000) but leaves
 * custom decorators alone.
 */
export const IdParam = createParamDecorator((label: string, ctx: ExecutionContext): number => {
  const request = ctx.switchToHttp().getRequest<FastifyRequest<{ Params: { id?: string } }>>();
  return parseId(request.params?.id, label);
});

/** The signed-in user a library request acts for. */
export function ownerOf(principal: Principal): Owner {
  return { userId: principal.userId, entitlements: principal.entitlements };
}

/** 'root' or a folder id from a validated query selector; undefined when omitted. */
export function folderSelector(value: string | undefined): 'root' | number | undefined {
  if (value === undefined) return undefined;
  return value === 'root' ? 'root' : Number(value);
}
