import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { AppConfig, ConfigError } from '@veolearn/config';
import { authServiceAddress, runServiceCli } from '@veolearn/nest-common';
import { authDataSourceOptions, AuthServiceModule } from './app/auth-service.module';
import { AdminPromotionRefused, AuthService } from './app/auth.service';
import { AUTH_SCHEMA } from './app/entities';

/** ADMIN_PROMOTE_EXISTING: `true` lets seed-admin promote an existing account that is not an admin (default false). */
function promoteExistingFromEnv(): boolean {
  const value = (process.env['ADMIN_PROMOTE_EXISTING'] ?? '').trim().toLowerCase();
  if (value === '' || value === 'false' || value === '0') return false;
  if (value === 'true' || value === '1') return true;
  throw new ConfigError(`ADMIN_PROMOTE_EXISTING must be true or false, not "${process.env['ADMIN_PROMOTE_EXISTING']}".`);
}

/** Creates the first admin from ADMIN_EMAIL / ADMIN_PASSWORD (an existing non-admin account only with ADMIN_PROMOTE_EXISTING=true). */
async function seedAdmin(config: AppConfig): Promise<void> {
  if (!config.ADMIN_EMAIL || !config.ADMIN_PASSWORD) {
    throw new ConfigError('Set ADMIN_EMAIL and ADMIN_PASSWORD (at least 8 characters) to create the first admin.');
  }
  const app = await NestFactory.createApplicationContext(AuthServiceModule, { logger: ['error', 'warn'] });
  try {
    const result = await app.get(AuthService).ensureAdmin(config.ADMIN_EMAIL, config.ADMIN_PASSWORD, config.ADMIN_USERNAME, {
      promoteExisting: promoteExistingFromEnv(),
    });
    const verb = result.created ? 'Created' : result.changed ? 'Updated' : 'Kept';
    const ended = result.sessionsRevoked > 0 ? `; ended ${result.sessionsRevoked} session(s)` : '';
    console.log(`${verb} admin ${result.user.email} (username ${result.user.username})${ended}`);
  } catch (error) {
    if (error instanceof AdminPromotionRefused) throw new ConfigError(error.message);
    throw error;
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
