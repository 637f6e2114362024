import { Global, Module } from '@nestjs/common';
import { AppConfig, loadConfig } from '@veolearn/config';

/** Makes the validated AppConfig injectable everywhere. */
@Global()
@Module({
  providers: [{ provide: AppConfig, useFactory: () => loadConfig() }],
  exports: [AppConfig],
})
export class AppConfigModule {}
