import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { AppConfig, ConfigError } from '@veolearn/config';
import { authServiceAddress, runServiceCli } from '@veolearn/nest-common';
import { authDataSourceOptions, AuthServiceModule } from './app/auth-service.module';
import { AuthService } from './app/auth.service';
import { AUTH_SCHEMA } from './app/entities';

/** Creates the first admin from ADMIN_EMAIL / ADMIN_PASSWORD, or promotes the account with that e-mail. */
async function seedAdmin(config: AppConfig): Promise<void> {
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

runServiceCli({
  name: 'auth-service',
  schema: AUTH_SCHEMA,
  module: AuthServiceModule,
  dataSourceOptions: authDataSourceOptions,
  address: authServiceAddress,
  commands: { 'seed-admin': seedAdmin },
});
