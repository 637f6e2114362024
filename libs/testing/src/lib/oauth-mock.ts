import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { freePort } from '@veolearn/process-stack';

export interface OAuthMock {
  url: string;
  /** Environment that points the gateway's Google sign-in at this server. */
  googleEnv: Record<string, string>;
  stop(): Promise<void>;
}

/** Starts oauth2-mock-server in a child process, reporting `user` from its userinfo endpoint. */
export async function startOAuthMock(user: Record<string, unknown>): Promise<OAuthMock> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(__dirname, 'oauth-mock-server.mjs'), String(port)], {
    env: { ...process.env, OAUTH_MOCK_USER: JSON.stringify(user) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`oauth2-mock-server did not start: ${output}`)), 15_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /READY (\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1].replace(/\/$/, ''));
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`oauth2-mock-server exited with ${code}: ${output}`)));
  });
  return {
    url,
    googleEnv: {
      GOOGLE_CLIENT_ID: 'test-client-id',
      GOOGLE_CLIENT_SECRET: 'test-client-secret',
      GOOGLE_AUTH_URL: `${url}/authorize`,
      GOOGLE_TOKEN_URL: `${url}/token`,
      GOOGLE_USERINFO_URL: `${url}/userinfo`,
    },
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
