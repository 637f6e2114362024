import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { DataSource } from 'typeorm';
import type { LtiPlatformInput } from '@veolearn/contracts';
import { appLogger, ltiServiceAddress, runServiceCli } from '@veolearn/nest-common';
import { ToolKeysService } from './app/keys/tool-keys.service';
import { ltiDataSourceOptions, LtiServiceModule } from './app/lti-service.module';
import { PlatformsService } from './app/platforms/platforms.service';
import { LTI_SCHEMA } from './app/schema';

/** `--name value` pairs after the command; `--deployment-id` may repeat. */
function flags(argv: string[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] as string;
    if (!arg.startsWith('--')) continue;
    const [name, inline] = arg.slice(2).split('=', 2) as [string, string | undefined];
    const value = inline ?? argv[i + 1] ?? '';
    if (inline === undefined) i += 1;
    out.set(name, [...(out.get(name) ?? []), value]);
  }
  return out;
}

async function withDataSource<T>(config: Parameters<typeof ltiDataSourceOptions>[0], work: (dataSource: DataSource) => Promise<T>): Promise<T> {
  const dataSource = new DataSource(ltiDataSourceOptions(config));
  await dataSource.initialize();
  try {
    return await work(dataSource);
  } finally {
    await dataSource.destroy();
  }
}

const REGISTER_USAGE =
  'Usage: lti-service register-platform --issuer URL --client-id ID --deployment-id ID [--deployment-id ID...] --auth-login-url URL --auth-token-url URL --keyset-url URL [--name NAME] [--token-audience AUD]';

runServiceCli({
  name: 'lti-service',
  schema: LTI_SCHEMA,
  module: LtiServiceModule,
  dataSourceOptions: ltiDataSourceOptions,
  address: ltiServiceAddress,
  commands: {
    /** Registers (or updates) an LMS platform: `npm run lti:register-platform -- --issuer … --client-id …`. */
    'register-platform': (config) =>
      withDataSource(config, async (dataSource) => {
        const f = flags(process.argv.slice(3));
        const one = (name: string) => f.get(name)?.[0];
        const input: LtiPlatformInput = {
          name: one('name'),
          issuer: one('issuer') ?? '',
          clientId: one('client-id') ?? '',
          deploymentIds: (f.get('deployment-id') ?? []).flatMap((d) => d.split(',')).map((d) => d.trim()).filter(Boolean),
          authLoginUrl: one('auth-login-url') ?? '',
          authTokenUrl: one('auth-token-url') ?? '',
          keysetUrl: one('keyset-url') ?? '',
          tokenAudience: one('token-audience'),
        };
        const platforms = new PlatformsService(dataSource);
        try {
          const view = await platforms.register(input);
          console.log(JSON.stringify(view, null, 2));
        } catch (error) {
          const body = (error as { getError?: () => unknown }).getError?.();
          const message = body && typeof body === 'object' && 'message' in body ? String((body as { message: unknown }).message) : String(error);
          throw new Error(`${message}\n${REGISTER_USAGE}`);
        }
      }),
    /** A new current signing key; the previous one stays published until the next rotation. */
    'rotate-keys': (config) =>
      withDataSource(config, async (dataSource) => {
        const keys = await new ToolKeysService(dataSource).rotate();
        console.log(JSON.stringify(keys, null, 2));
      }),
    /** A worker process only (grade deliveries, no request handlers). */
    worker: async (config) => {
      if (!config.LTI_WORKER) process.env['LTI_WORKER'] = 'true';
      const app = await NestFactory.createApplicationContext(LtiServiceModule, {
        logger: appLogger(),
      });
      app.enableShutdownHooks();
      new Logger('lti-service').log('LTI grade worker running');
      await new Promise<never>(() => undefined);
    },
  },
});
