import { Global, Module } from '@nestjs/common';
import { ClientProxyFactory } from '@nestjs/microservices';
import { AppConfig } from '@veolearn/config';
import { AUTH_SERVICE } from '@veolearn/contracts';
import { authServiceAddress, clientTransport } from '@veolearn/nest-common';
import { AuthClient } from './auth-client';

@Global()
@Module({
  providers: [
    {
      provide: AUTH_SERVICE,
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ClientProxyFactory.create(clientTransport(config, authServiceAddress(config))),
    },
    AuthClient,
  ],
  exports: [AuthClient],
})
export class ServicesModule {}
