import { Logger, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MicroserviceOptions } from '@nestjs/microservices';
import { DataSource, DataSourceOptions } from 'typeorm';
import { AppConfig, ConfigError, loadConfig } from '@veolearn/config';
import { pendingSchemaChanges, runSchemaMigrations } from '@veolearn/persistence';
import { appLogger, initLogging } from './logger';
import { initMetrics, startMetricsServer } from './metrics';
import { RequestContextInterceptor } from './request-context';
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

/** Metrics of this process on METRICS_PORT (GET /metrics) when it is set; its app label either way. */
async function serveMetrics(app: string, config: AppConfig): Promise<void> {
  initMetrics(app);
  if (config.METRICS_PORT) {
    // Metrics are no reason to stop serving: a port already taken (two apps of one machine given
    // the same METRICS_PORT) is logged and the app runs on without them.
    await startMetricsServer(config.METRICS_PORT).then(
      () => new Logger(app).log(`metrics at http://0.0.0.0:${config.METRICS_PORT}/metrics`),
      (error: unknown) => new Logger(app).warn(`metrics not served on port ${config.METRICS_PORT}: ${error instanceof Error ? error.message : String(error)}`),
    );
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
        logger: appLogger(),
      });
      // Each handler runs in the context of the request that sent the message (its id in every log line),
      // and each handled message is logged once.
      app.useGlobalInterceptors(new RequestContextInterceptor(appLogger().pino));
      app.enableShutdownHooks();
      await app.listen();
      await serveMetrics(options.name, config);
      const where = config.TRANSPORT === 'tcp' ? `on ${address.host}:${address.port}` : `at ${config.NATS_URL} (queue ${address.queue})`;
      logger.log(`${options.name} listening over ${config.TRANSPORT} ${where}`);
    },
    ...options.commands,
  };

  const command = process.argv[2] ?? 'serve';
  // A worker process (`main.js worker`) reports its own metrics and logs, as '<service>-worker'.
  const processName = command === 'worker' ? options.name.replace(/-service$/, '-worker') : options.name;
  if (command === 'worker') {
    const run = commands['worker'];
    if (run) commands['worker'] = async (config) => {
      await serveMetrics(processName, config);
      await run(config);
    };
  }
  const run = commands[command];
  if (!run) {
    Logger.overrideLogger(initLogging(processName, 'info'));
    logger.error(`Unknown command "${command}". Use one of: ${Object.keys(commands).join(', ')}`);
    process.exit(2);
  }
  let logging = false;
  Promise.resolve()
    .then(() => {
      const config = loadConfig();
      // JSON lines at LOG_LEVEL from here on, behind every Nest Logger of the process.
      Logger.overrideLogger(initLogging(processName, config.LOG_LEVEL));
      logging = true;
      return run(config);
    })
    .then(
      () => {
        if (command !== 'serve') process.exit(0);
      },
      (error: unknown) => {
        // A configuration that does not load still says why.
        if (!logging) Logger.overrideLogger(initLogging(processName, 'info'));
        logger.error(error instanceof ConfigError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error));
        process.exit(1);
      },
    );
}
