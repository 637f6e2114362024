import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';

/** Names this process, so replicas can be told apart in health and ping answers. */
export const INSTANCE_ID = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
