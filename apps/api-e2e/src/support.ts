import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import request from 'supertest';
import { stackLogDir, type RunningStack } from '@veolearn/testing';


export const PASSWORD = 'correct horse battery';

let counter = 0;
/** A fresh, valid sign-up payload; every call gives new unique names. */
export function newUser(overrides: Record<string, unknown> = {}) {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}`;
  return {
    username: `user_${tag}`,
    email: `user.${tag}@example.com`,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    firstName: 'Ada',
    lastName: 'Lovelace',
    acceptTerms: true,
    ...overrides,
  };
}

export function api(stack: RunningStack) {
  return request(stack.baseUrl);
}

export async function signUp(stack: RunningStack, overrides: Record<string, unknown> = {}) {
  const body = newUser(overrides);
  const res = await api(stack).post('/api/auth/signup').send(body).expect(201);
  return { body, token: res.body.token as string, user: res.body.user as { id: number; email: string; isAdmin: boolean } };
}

/** A signed-in account: its user id and bearer token. */
export interface Account {
  id: number;
  token: string;
}

export const bearer = (account: Account) => ({ Authorization: `Bearer ${account.token}` });

/** A new signed-in account allowed any number of videos (has_unlimited_access set by SQL, then a fresh sign-in). */
export async function unlimitedAccount(stack: RunningStack): Promise<Account> {
  const { user, body } = await signUp(stack);
  await sql(stack, 'UPDATE auth.users SET has_unlimited_access = true WHERE id = $1', [user.id]);
  const res = await api(stack).post('/api/auth/signin').send({ username: body.email, password: body.password }).expect(200);
  return { id: user.id, token: res.body.token as string };
}

/** Runs a query against the stack's own test database. */
export async function sql<T = Record<string, unknown>>(stack: RunningStack, text: string, params: unknown[] = []): Promise<T[]> {
  const client = new Client({ connectionString: stack.databaseUrl });
  await client.connect();
  try {
    return (await client.query(text, params)).rows as T[];
  } finally {
    await client.end();
  }
}

/** Asserts the common error body of the gateway and returns its message. */
export function expectErrorBody(body: unknown, status: number): string {
  expect(body).toEqual({ statusCode: status, message: expect.any(String), error: expect.any(String) });
  const message = (body as { message: string }).message;
  expect(message.length).toBeGreaterThan(0);
  return message;
}

export const RELAXED_LIMITS = {
  RATE_LIMIT_PER_MINUTE: '100000',
  AUTH_RATE_LIMIT_PER_MINUTE: '100000',
  ANONYMOUS_RATE_LIMIT_PER_MINUTE: '100000',
  IP_RATE_LIMIT_PER_MINUTE: '100000',
};

/**
 * The stacks' log files (`tmp/stack-logs/<name>/*.log`) are appended to run after run. Call this
 * before `startStack({ name })`: the function it returns reads, per log file, only what was
 * written since (all of a file that did not exist yet), keyed by file name.
 */
export function logsFromNow(stackName: string): () => Record<string, string> {
  const dir = stackLogDir(stackName);
  const sizes = new Map<string, number>();
  if (existsSync(dir)) for (const file of readdirSync(dir)) sizes.set(file, statSync(join(dir, file)).size);
  return () => {
    const logs: Record<string, string> = {};
    if (!existsSync(dir)) return logs;
    for (const file of readdirSync(dir)) {
      const content = readFileSync(join(dir, file));
      const from = sizes.get(file) ?? 0;
      // A file shorter than before was replaced: all of it is new.
      logs[file] = content.subarray(content.length >= from ? from : 0).toString('utf8');
    }
    return logs;
  };
}
