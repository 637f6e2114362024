import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MicroserviceOptions } from '@nestjs/microservices';
import { DataSource } from 'typeorm';
import { ConfigError, loadConfig } from '@veolearn/config';
import { serverTransport, videoServiceAddress } from '@veolearn/nest-common';
import { pendingSchemaChanges, runSchemaMigrations } from '@veolearn/persistence';
import { LIBRARY_SCHEMA } from './app/entities';
import { libraryDataSourceOptions, VideoServiceModule } from './app/video-service.module';

const logger = new Logger('video-service');

async function migrate(): Promise<void> {
  const dataSource = new DataSource(libraryDataSourceOptions(loadConfig()));
  await dataSource.initialize();
  try {
    const ran = await runSchemaMigrations(dataSource, LIBRARY_SCHEMA);
    console.log(ran.length ? `Applied migrations: ${ran.join(', ')}` : `Schema "${LIBRARY_SCHEMA}" is up to date`);
  } finally {
    await dataSource.destroy();
  }
}

/** Fails when the entities need SQL that no migration provides (run after `migrate`). */
async function schemaCheck(): Promise<void> {
  const dataSource = new DataSource(libraryDataSourceOptions(loadConfig()));
  await dataSource.initialize();
  try {
    const pending = await pendingSchemaChanges(dataSource);
    if (pending.length > 0) {
      throw new Error(`Schema "${LIBRARY_SCHEMA}" differs from its entities; write a migration for:\n${pending.join(';\n')}`);
    }
    console.log(`Schema "${LIBRARY_SCHEMA}" matches its entities`);
  } finally {
    await dataSource.destroy();
  }
}

async function serve(): Promise<void> {
  const config = loadConfig();
  const app = await NestFactory.createMicroservice<MicroserviceOptions>(VideoServiceModule, {
    ...serverTransport(config, videoServiceAddress(config)),
    logger: config.LOG_LEVEL === 'silent' ? false : ['error', 'warn', 'log'],
  });
  app.enableShutdownHooks();
  await app.listen();
  logger.log(`video-service listening over ${config.TRANSPORT}${config.TRANSPORT === 'tcp' ? ` on ${config.VIDEO_SERVICE_HOST}:${config.VIDEO_SERVICE_PORT}` : ` at ${config.NATS_URL}`}`);
}

const commands: Record<string, () => Promise<void>> = { migrate, 'schema-check': schemaCheck, serve };
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
