import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import { ThrottlerException } from '@nestjs/throttler';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorBody, isRedisUnavailableError, REDIS_UNAVAILABLE_MESSAGE } from '@veolearn/nest-common';
import { JSON_TOO_DEEP_CODE } from './json-depth';
import { rememberFailure } from './request-log';
import { SpaFallback } from './spa-fallback';

const FRIENDLY: Partial<Record<number, string>> = {
  413: 'The request is too large.',
  415: 'Send the request body as JSON (Content-Type: application/json).',
  429: 'Too many requests. Please wait a minute and try again.',
};

function messageOf(exception: HttpException): string {
  const response = exception.getResponse();
  if (typeof response === 'string') return response;
  const failed = (response as { error?: unknown; details?: unknown }).details ? (response as { error?: unknown }).error : undefined;
  if (failed && typeof failed === 'object') return `Unhealthy: ${Object.keys(failed).join(', ')} down`;
  const message = (response as { message?: unknown }).message;
  if (Array.isArray(message)) return message.map(String).join('; ');
  if (typeof message === 'string') return message;
  return exception.message;
}

/** Every error leaves the gateway as {statusCode, message, error}; unknown ones are logged (with the request) and hidden. */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Exceptions');

  constructor(private readonly spa: SpaFallback) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const reply = http.getResponse<FastifyReply>();
    const request = http.getRequest<FastifyRequest>();
    let status = HttpStatus.INTERNAL_SERVER_ERROR;
    let message = 'Something went wrong on our side. Please try again.';
    if (exception instanceof ThrottlerException) {
      status = HttpStatus.TOO_MANY_REQUESTS;
      message = FRIENDLY[429] as string;
    } else if (exception instanceof HttpException) {
      status = exception.getStatus();
      message = messageOf(exception);
    } else if (isFastifyClientError(exception)) {
      status = exception.statusCode;
      message = FRIENDLY[status] ?? fastifyMessage(exception);
    } else if (isRedisUnavailableError(exception)) {
      status = HttpStatus.SERVICE_UNAVAILABLE;
      message = REDIS_UNAVAILABLE_MESSAGE;
      this.logger.warn(`Redis unavailable: ${(exception as Error).message}`);
    } else {
      // Logged once, with its stack, on the request's own line (request-log.ts).
      rememberFailure(request, exception);
    }
    if (status === HttpStatus.NOT_FOUND && this.spa.handles(request)) {
      void this.spa.send(reply, request);
      return;
    }
    if (status === HttpStatus.NOT_FOUND && message.startsWith('Cannot ')) {
      message = `No such API route: ${request.method} ${request.url.split('?')[0]}`;
    }
    if (reply.sent || reply.raw.headersSent) return;
    const details = exception instanceof HttpException ? (exception.getResponse() as { details?: unknown }).details : undefined;
    void reply
      .status(status)
      .header('cache-control', 'no-store')
      .send(details ? { ...errorBody(status, message), details } : errorBody(status, message));
  }
}

interface FastifyClientError {
  statusCode: number;
  code?: string;
  message: string;
}

function isFastifyClientError(value: unknown): value is FastifyClientError {
  const status = (value as FastifyClientError | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500;
}

function fastifyMessage(error: FastifyClientError): string {
  if (error.code === JSON_TOO_DEEP_CODE) return error.message;
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || /JSON/i.test(error.message)) {
    return 'The request body is not valid JSON.';
  }
  if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return 'The request body is empty but JSON was announced.';
  return error.message;
}
