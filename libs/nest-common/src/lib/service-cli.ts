import { Logger, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MicroserviceOptions } from '@nestjs/microservices';
import { DataSource, DataSourceOptions } from 'typeorm';
import { AppConfig, ConfigError, loadConfig } from '@veolearn/config';
import { pendingSchemaChanges, runSchemaMigrations } from '@veolearn/persistence';
import { serverTransport, ServiceAddress } from './transport';

export interface ServiceCliOptions {
  name: string;
  /** The Postgres schema the service owns. */
  schema: string;
  module: Type<unknown>;
  dataSourceOptions: (config: AppConfig) => DataSourceOptions;
  address: (config: AppConfig) => ServiceAddress;
  /** Extra one-off commands, e.g. `seed-admin`. */
  commands?: Record<string, (config: AppConfig) => Promise<void>>;
}

async function withDataSource(options: DataSourceOptions, work: (dataSource: DataSource) => Promise<void>): Promise<void> {
  const dataSource = new DataSource(options);
  await dataSource.initialize();
  try {
    await work(dataSource);
  } finally {
    await dataSource.destroy();
  }
}

/**
 * The entry point every service shares: `serve` (the default) listens over the configured
 * transport; `migrate` applies the schema's migrations; `schema-check` fails when an entity
 * needs SQL no migration provides; plus the service's own commands.
 */
export function runServiceCli(options: ServiceCliOptions): void {
  const logger = new Logger(options.name);
  const commands: Record<string, (config: AppConfig) => Promise<void>> = {
    migrate: (config) =>
      withDataSource(options.dataSourceOptions(config), async (dataSource) => {
        const ran = await runSchemaMigrations(dataSource, options.schema);
        console.log(ran.length ? `Applied migrations: ${ran.join(', ')}` : `Schema "${options.schema}" is up to date`);
      }),
    'schema-check': (config) =>
      withDataSource(options.dataSourceOptions(config), async (dataSource) => {
        const pending = await pendingSchemaChanges(dataSource);
        if (pending.length > 0) {
          throw new Error(`Schema "${options.schema}" differs from its entities; write a migration for:\n${pending.join(';\n')}`);
        }
        console.log(`Schema "${options.schema}" matches its entities`);
      }),
    serve: async (config) => {
      const address = options.address(config);
      const app = await NestFactory.createMicroservice<MicroserviceOptions>(options.module, {
        ...serverTransport(config, address),
        logger: config.LOG_LEVEL === 'silent' ? false : ['error', 'warn', 'log'],
      });
      app.enableShutdownHooks();
      await app.listen();
      const where = config.TRANSPORT === 'tcp' ? `on ${address.host}:${address.port}` : `at ${config.NATS_URL} (queue ${address.queue})`;
      logger.log(`${options.name} listening over ${config.TRANSPORT} ${where}`);
    },
    ...options.commands,
  };

  const command = process.argv[2] ?? 'serve';
  const run = commands[command];
  if (!run) {
    logger.error(`Unknown command "${command}". Use one of: ${Object.keys(commands).join(', ')}`);
    process.exit(2);
  }
  Promise.resolve()
    .then(() => run(loadConfig()))
    .then(
      () => {
        if (command !== 'serve') process.exit(0);
      },
      (error: unknown) => {
        logger.error(error instanceof ConfigError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error));
        process.exit(1);
      },
    );
}
