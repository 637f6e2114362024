import { Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig } from '@veolearn/config';
import { AppConfigModule, RedisModule, RpcErrorFilter } from '@veolearn/nest-common';
import { OutboxModule } from '@veolearn/outbox';
import { schemaDataSourceOptions } from '@veolearn/persistence';
import { AccountService } from './account.service';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { AUTH_ENTITIES, AUTH_SCHEMA } from './entities';
import { AUTH_MIGRATIONS } from './migrations';
import { PasswordService } from './password.service';
import { SecurityEventsService } from './security-events.service';
import { SessionService } from './session.service';

export function authDataSourceOptions(config: AppConfig) {
  return schemaDataSourceOptions({
    url: config.DATABASE_URL,
    schema: AUTH_SCHEMA,
    entities: AUTH_ENTITIES,
    migrations: AUTH_MIGRATIONS,
    applicationName: 'veolearn-auth-service',
  });
}

@Module({
  imports: [
    AppConfigModule,
    OutboxModule.forProducer('auth-service', AUTH_SCHEMA),
    RedisModule,
    TypeOrmModule.forRootAsync({ inject: [AppConfig], useFactory: (config: AppConfig) => authDataSourceOptions(config) }),
    TypeOrmModule.forFeature(AUTH_ENTITIES),
  ],
  controllers: [AuthController],
  providers: [AuthService, AccountService, SessionService, PasswordService, SecurityEventsService, { provide: APP_FILTER, useClass: RpcErrorFilter }],
})
export class AuthServiceModule {}
