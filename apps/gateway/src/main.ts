import 'reflect-metadata';
import type { IncomingMessage } from 'node:http';
import helmet from 'helmet';
import fastifyStatic from '@fastify/static';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { AppConfig, ConfigError, loadConfig } from '@veolearn/config';
import { appLogger, httpRequestDuration, initLogging, initMetrics, REQUEST_ID_HEADER, requestIdFor } from '@veolearn/nest-common';
import { registerQueueDashboard } from './app/admin/queue-dashboard';
import { GatewayModule } from './app/gateway.module';
import { exceedsJsonDepth, jsonTooDeepError } from './app/http/json-depth';
import { registerRequestLogging } from './app/http/request-log';
import { SpaFallback } from './app/http/spa-fallback';
import { createValidationPipe } from './app/http/validation.pipe';
import { registerUploads } from './app/media/multipart';
import { changesPlayback, PlaybackCache } from './app/library/playback-cache';
import { changesSessions, SessionCache } from './app/auth/session-cache';

const logger = new Logger('gateway');

export async function createGateway(config: AppConfig): Promise<NestFastifyApplication> {
  // JSON lines at LOG_LEVEL, behind every Nest Logger of the process; one line per request (below).
  const logging = initLogging('gateway', config.LOG_LEVEL);
  Logger.overrideLogger(logging);
  const adapter = new FastifyAdapter({
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    logger: false,
    // The caller's X-Request-Id when it is a sane token, else a new id (never the raw header).
    requestIdHeader: false,
    genReqId: (request: IncomingMessage) => requestIdFor(request.headers[REQUEST_ID_HEADER]),
  });
  const app = await NestFactory.create<NestFastifyApplication>(GatewayModule, adapter, {
    // Body parsing is set up below, on Fastify itself.
    bodyParser: false,
    logger: logging,
  });
  // Clients send `Content-Type: application/json` on every call, bodiless ones too (logout):
  // an empty body reads as no body instead of failing to parse.
  const fastify = app.getHttpAdapter().getInstance();
  // Every answered request, by its route template (never the raw URL, whose ids would explode the labels).
  initMetrics('gateway');
  registerRequestLogging(fastify, logging.pino);
  fastify.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions?.url ?? 'unmatched';
    httpRequestDuration.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    done();
  });
  // A write that may change a lesson clears the signed-out playback views before its answer leaves.
  // Likewise a sign-out, profile, plan or account change clears the sessions it remembers.
  const playbackCache = app.get(PlaybackCache);
  const sessionCache = app.get(SessionCache);
  fastify.addHook('onSend', (request, reply, payload, done) => {
    if (reply.statusCode < 400 && changesPlayback(request.method, request.url)) playbackCache.invalidate();
    if (reply.statusCode < 400 && changesSessions(request.method, request.url)) sessionCache.invalidate();
    done(null, payload);
  });
  const parseJson = fastify.getDefaultJsonParser('error', 'error');
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    // Refused before parsing: deeper bodies overflowed the stack in validation (a 500).
    if (exceedsJsonDepth(text)) return done(jsonTooDeepError(), undefined);
    parseJson(request, text, done);
  });
  // Multipart uploads stream past the JSON body limit on their one route; captions may be sent as text/vtt.
  await registerUploads(app, config);
  app.setGlobalPrefix('api');
  app.useGlobalPipes(createValidationPipe());
  app.enableShutdownHooks();

  // Security headers on every answer. One helmet middleware built once: @fastify/helmet built (and
  // parsed the CSP of) a new one per request, a tenth of a small request's CPU.
  const securityHeaders = helmet({
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
  fastify.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined)));

  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder().setTitle('VeoLearn API').setDescription('Public HTTP API of VeoLearn').setVersion('1').addBearerAuth().build(),
  );
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs/json' });

  // Before the web build's static files: both register @fastify/static, and a child plugin may not
  // decorate what its parent already did.
  const queueConnection = await registerQueueDashboard(app, config);
  fastify.addHook('onClose', async () => {
    await queueConnection.quit().catch(() => queueConnection.disconnect());
  });

  const spa = app.get(SpaFallback);
  if (spa.root) {
    await app.register(fastifyStatic, {
      root: spa.root,
      prefix: '/',
      wildcard: false,
      index: false,
      // The build's .br and .gz copies, by the request's Accept-Encoding (the plain file otherwise).
      preCompressed: true,
      // Our Cache-Control below, not send's default "public, max-age=0" written over it.
      cacheControl: false,
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
  // A configuration that does not load still says why.
  if (appLogger().pino.level === 'silent') Logger.overrideLogger(initLogging('gateway', 'info'));
  logger.error(error instanceof ConfigError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
});
