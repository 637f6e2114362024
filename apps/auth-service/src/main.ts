import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MicroserviceOptions } from '@nestjs/microservices';
import { DataSource } from 'typeorm';
import { ConfigError, loadConfig } from '@veolearn/config';
import { authServiceAddress, serverTransport } from '@veolearn/nest-common';
import { pendingSchemaChanges, runSchemaMigrations } from '@veolearn/persistence';
import { authDataSourceOptions, AuthServiceModule } from './app/auth-service.module';
import { AuthService } from './app/auth.service';
import { AUTH_SCHEMA } from './app/entities';

const logger = new Logger('auth-service');

async function migrate(): Promise<void> {
  const config = loadConfig();
  const dataSource = new DataSource(authDataSourceOptions(config));
  await dataSource.initialize();
  try {
    const ran = await runSchemaMigrations(dataSource, AUTH_SCHEMA);
    console.log(ran.length ? `Applied migrations: ${ran.join(', ')}` : 'Schema "auth" is up to date');
  } finally {
    await dataSource.destroy();
  }
}

/** Fails when the entities need SQL that no migration provides (run after `migrate`). */
async function schemaCheck(): Promise<void> {
  const dataSource = new DataSource(authDataSourceOptions(loadConfig()));
  await dataSource.initialize();
  try {
    const pending = await pendingSchemaChanges(dataSource);
    if (pending.length > 0) {
      throw new Error(`Schema "auth" differs from its entities; write a migration for:\n${pending.join(';\n')}`);
    }
    console.log('Schema "auth" matches its entities');
  } finally {
    await dataSource.destroy();
  }
}

async function seedAdmin(): Promise<void> {
  const config = loadConfig();
  if (!config.ADMIN_EMAIL || !config.ADMIN_PASSWORD) {
    throw new ConfigError('Set ADMIN_EMAIL and ADMIN_PASSWORD (at least 8 characters) to create the first admin.');
  }
  const app = await NestFactory.createApplicationContext(AuthServiceModule, { logger: ['error', 'warn'] });
  try {
    const result = await app.get(AuthService).ensureAdmin(config.ADMIN_EMAIL, config.ADMIN_PASSWORD, config.ADMIN_USERNAME);
    console.log(`${result.created ? 'Created' : 'Updated'} admin ${result.user.email} (username ${result.user.username})`);
  } finally {
    await app.close();
  }
}

async function serve(): Promise<void> {
  const config = loadConfig();
  const app = await NestFactory.createMicroservice<MicroserviceOptions>(AuthServiceModule, {
    ...serverTransport(config, authServiceAddress(config)),
    logger: config.LOG_LEVEL === 'silent' ? false : ['error', 'warn', 'log'],
  });
  app.enableShutdownHooks();
  await app.listen();
  logger.log(`auth-service listening over ${config.TRANSPORT}${config.TRANSPORT === 'tcp' ? ` on ${config.AUTH_SERVICE_HOST}:${config.AUTH_SERVICE_PORT}` : ` at ${config.NATS_URL}`}`);
}

const commands: Record<string, () => Promise<void>> = { migrate, 'schema-check': schemaCheck, 'seed-admin': seedAdmin, serve };
const command = process.argv[2] ?? 'serve';
const run = commands[command];
if (!run) {
  logger.error(`Unknown command "${command}". Use one of: ${Object.keys(commands).join(', ')}`);
  process.exit(2);
}
run().then(
  () => {
    if (command !== 'serve') process.exit(0);
  },
  (error: unknown) => {
    logger.error(error instanceof ConfigError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exit(1);
  },
);
