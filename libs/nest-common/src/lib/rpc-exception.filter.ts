import { ArgumentsHost, Catch, HttpException, HttpStatus, Logger, RpcExceptionFilter } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import { Observable, throwError } from 'rxjs';
import { isRpcErrorBody, RpcErrorBody } from '@veolearn/contracts';
import { isRedisUnavailableError, REDIS_UNAVAILABLE_MESSAGE } from './redis-errors';

function reasonPhrase(status: number): string {
  const name = HttpStatus[status];
  return typeof name === 'string'
    ? name
        .toLowerCase()
        .split('_')
        .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
        .join(' ')
    : 'Error';
}

export function errorBody(statusCode: number, message: string): RpcErrorBody {
  return { statusCode, message, error: reasonPhrase(statusCode) };
}

/** Throw from a message handler to answer the gateway with an HTTP status and a message. */
export function rpcError(statusCode: number, message: string): RpcException {
  return new RpcException(errorBody(statusCode, message));
}

/**
 * Sends every error back as {statusCode, message, error}. Unknown errors are logged here
 * and reach the caller as a plain 500 without internals.
 */
@Catch()
export class RpcErrorFilter implements RpcExceptionFilter<unknown> {
  private readonly logger = new Logger('RpcErrorFilter');

  catch(exception: unknown, _host: ArgumentsHost): Observable<never> {
    if (exception instanceof RpcException) {
      const inner = exception.getError();
      if (isRpcErrorBody(inner)) return throwError(() => inner);
      return throwError(() => errorBody(400, typeof inner === 'string' ? inner : 'Bad request'));
    }
    if (exception instanceof HttpException) {
      const response = exception.getResponse();
      const message =
        typeof response === 'string'
          ? response
          : String((response as { message?: unknown }).message ?? exception.message);
      return throwError(() => errorBody(exception.getStatus(), message));
    }
    if (isRedisUnavailableError(exception)) {
      this.logger.warn(`Redis unavailable: ${(exception as Error).message}`);
      return throwError(() => errorBody(503, REDIS_UNAVAILABLE_MESSAGE));
    }
    this.logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
    return throwError(() => errorBody(500, 'Internal server error'));
  }
}
