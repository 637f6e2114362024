/** The error body a service sends back; the gateway turns it into the same HTTP answer. */
export interface RpcErrorBody {
  statusCode: number;
  message: string;
  error: string;
}

export function isRpcErrorBody(value: unknown): value is RpcErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as RpcErrorBody).statusCode === 'number' &&
    typeof (value as RpcErrorBody).message === 'string'
  );
}
