import { HttpException, Logger } from '@nestjs/common';
import { ClientProxy, RpcException } from '@nestjs/microservices';
import { firstValueFrom, timeout, TimeoutError } from 'rxjs';
import { isRpcErrorBody } from '@veolearn/contracts';
import { serviceCallDuration } from './metrics';
import { withMessageMeta } from './request-context';
import { errorBody } from './rpc-exception.filter';

const logger = new Logger('ServiceCall');

function unavailableMessage(serviceName: string): string {
  return `The ${serviceName} is not answering right now. Please try again in a moment.`;
}

/**
 * Sends one request to a service and returns its answer. A service's own error comes back
 * as the same HTTP status and message; silence or a broken connection becomes a 503.
 * For the gateway (errors are HttpExceptions).
 */
export async function callService<TResult>(
  client: ClientProxy,
  serviceName: string,
  pattern: string,
  payload: unknown,
  timeoutMs: number,
): Promise<TResult> {
  try {
    return await requestService<TResult>(client, serviceName, pattern, payload, timeoutMs);
  } catch (error) {
    if (error instanceof RpcException) {
      const body = error.getError();
      if (isRpcErrorBody(body)) throw new HttpException(body, body.statusCode);
    }
    throw error;
  }
}

/**
 * The same request from one service to another: the answering service's error travels on
 * unchanged as an RpcException, so the gateway shows the user the original status and message.
 * The current request id goes along in the message's metadata (see RequestContextInterceptor).
 */
export async function requestService<TResult>(
  client: ClientProxy,
  serviceName: string,
  pattern: string,
  payload: unknown,
  timeoutMs: number,
): Promise<TResult> {
  const stop = serviceCallDuration.startTimer({ service: serviceName, pattern });
  try {
    const answer = await firstValueFrom(client.send<TResult>(pattern, withMessageMeta(payload)).pipe(timeout(timeoutMs)));
    stop({ outcome: 'ok' });
    return answer;
  } catch (error) {
    if (isRpcErrorBody(error)) {
      stop({ outcome: 'error' });
      throw new RpcException(errorBody(error.statusCode, error.message));
    }
    stop({ outcome: 'unavailable' });
    if (error instanceof TimeoutError) {
      logger.warn(`${serviceName} did not answer ${pattern} within ${timeoutMs} ms`);
    } else {
      logger.warn(`${serviceName} failed on ${pattern}: ${error instanceof Error ? error.message : JSON.stringify(error)}`);
    }
    throw new RpcException(errorBody(503, unavailableMessage(serviceName)));
  }
}
