import { HttpException, Logger, ServiceUnavailableException } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';
import { firstValueFrom, timeout, TimeoutError } from 'rxjs';
import { isRpcErrorBody } from '@veolearn/contracts';

const logger = new Logger('ServiceCall');

/**
 * Sends one request to a service and returns its answer. A service's own error comes back
 * as the same HTTP status and message; silence or a broken connection becomes a 503.
 */
export async function callService<TResult>(
  client: ClientProxy,
  serviceName: string,
  pattern: string,
  payload: unknown,
  timeoutMs: number,
): Promise<TResult> {
  try {
    return await firstValueFrom(client.send<TResult>(pattern, payload).pipe(timeout(timeoutMs)));
  } catch (error) {
    if (isRpcErrorBody(error)) {
      throw new HttpException({ statusCode: error.statusCode, message: error.message, error: error.error }, error.statusCode);
    }
    if (error instanceof TimeoutError) {
      logger.warn(`${serviceName} did not answer ${pattern} within ${timeoutMs} ms`);
    } else {
      logger.warn(`${serviceName} failed on ${pattern}: ${error instanceof Error ? error.message : JSON.stringify(error)}`);
    }
    throw new ServiceUnavailableException(`The ${serviceName} is not answering right now. Please try again in a moment.`);
  }
}
