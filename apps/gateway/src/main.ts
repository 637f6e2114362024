import 'reflect-metadata';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { AppConfig, ConfigError, loadConfig } from '@veolearn/config';
import { GatewayModule } from './app/gateway.module';
import { SpaFallback } from './app/http/spa-fallback';
import { createValidationPipe } from './app/http/validation.pipe';
import { registerUploads } from './app/media/multipart';

const logger = new Logger('gateway');

export async function createGateway(config: AppConfig): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    logger: false,
  });
  const app = await NestFactory.create<NestFastifyApplication>(GatewayModule, adapter, {
    // Body parsing is set up below, on Fastify itself.
    bodyParser: false,
    logger: config.LOG_LEVEL === 'silent' ? false : ['error', 'warn', 'log'],
  });
  // Clients send `Content-Type: application/json` on every call, bodiless ones too (logout):
  // an empty body reads as no body instead of failing to parse.
  const fastify = app.getHttpAdapter().getInstance();
  const parseJson = fastify.getDefaultJsonParser('error', 'error');
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    parseJson(request, text, done);
  });
  // Multipart uploads stream past the JSON body limit on their one route; captions may be sent as text/vtt.
  await registerUploads(app, config);
  app.setGlobalPrefix('api');
  app.useGlobalPipes(createValidationPipe());
  app.enableShutdownHooks();

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", 'https://www.youtube.com', 'https://s.ytimg.com'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        mediaSrc: ["'self'", 'blob:'],
        frameSrc: ["'self'", 'https://www.youtube-nocookie.com', 'https://www.youtube.com'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });

  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder().setTitle('VeoLearn API').setDescription('Public HTTP API of VeoLearn').setVersion('1').addBearerAuth().build(),
  );
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs/json' });

  const spa = app.get(SpaFallback);
  if (spa.root) {
    await app.register(fastifyStatic, {
      root: spa.root,
      prefix: '/',
      wildcard: false,
      index: false,
      setHeaders: (res, path) => {
        res.raw.setHeader('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  return app;
}

async function bootstrap(): Promise<void> {
  const config = loadConfig();
  const app = await createGateway(config);
  await app.listen(config.PORT, config.HOST);
  logger.log(`VeoLearn gateway on http://localhost:${config.PORT} (API at /api, docs at /api/docs, transport ${config.TRANSPORT})`);
}

bootstrap().catch((error: unknown) => {
  logger.error(error instanceof ConfigError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
});
