import { Module, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { ClientProxyFactory } from '@nestjs/microservices';
import type { FastifyInstance } from 'fastify';
import { AppConfig } from '@veolearn/config';
import { LTI_SERVICE } from '@veolearn/contracts';
import { clientTransport, ltiServiceAddress } from '@veolearn/nest-common';
import { AdminLtiController } from './admin-lti.controller';
import { LessonGradesController } from './lesson-grades.controller';
import { LtiClient } from './lti-client';
import { LtiController } from './lti.controller';
import { LtiSessionCodes } from './lti-session-codes';

/** Platforms post LTI messages as HTML forms; nothing else in the API takes this content type (415 elsewhere, as before). */
const FORM = 'application/x-www-form-urlencoded';
const FORM_PATHS = /^\/api\/lti\/(login|launch)(?:[?#]|$)/;

function unsupportedMediaType(): Error & { statusCode: number } {
  return Object.assign(new Error(`Unsupported Media Type: ${FORM}`), { statusCode: 415, code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE' });
}
const FORM_LIMIT_BYTES = 64 * 1024;

@Module({
  controllers: [LtiController, AdminLtiController, LessonGradesController],
  providers: [
    {
      provide: LTI_SERVICE,
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ClientProxyFactory.create(clientTransport(config, ltiServiceAddress(config))),
    },
    LtiClient,
    LtiSessionCodes,
  ],
  exports: [LtiClient],
})
export class LtiGatewayModule implements OnModuleInit {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  /** Adds the form parser before the server is ready (Nest runs module init before listening). */
  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    if (!fastify || fastify.hasContentTypeParser(FORM)) return;
    fastify.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit: FORM_LIMIT_BYTES }, (request, body, done) => {
      if (!FORM_PATHS.test(request.url)) return done(unsupportedMediaType(), undefined);
      const text = typeof body === 'string' ? body : body.toString('utf8');
      done(null, Object.fromEntries(new URLSearchParams(text)));
    });
  }
}
