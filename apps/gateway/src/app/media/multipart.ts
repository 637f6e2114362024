import multipart from '@fastify/multipart';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { AppConfig } from '@veolearn/config';
import { errorBody } from '@veolearn/nest-common';
import { CAPTIONS_MAX_BYTES } from '@veolearn/storage';

/** The only route that takes multipart/form-data; its body is streamed, never buffered. */
export const UPLOAD_ROUTE = '/api/videos/upload';
/** Raw captions bodies (PUT /api/videos/{id}/captions) besides JSON {text}. */
export const CAPTIONS_CONTENT_TYPES = ['text/vtt', 'application/x-subrip'];

/**
 * Upload support on the gateway's Fastify instance:
 * - @fastify/multipart, whose content-type parser reads nothing: the upload route streams the
 *   parts itself, so the JSON body limit (BODY_LIMIT_BYTES) does not apply to it;
 * - multipart bodies anywhere else answer 415 before a byte is read;
 * - text/vtt and SRT bodies (up to 2 MiB) arrive as strings for the captions route.
 */
export async function registerUploads(app: NestFastifyApplication, config: AppConfig): Promise<void> {
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: config.UPLOAD_MAX_BYTES + 1, files: 3, fields: 10, parts: 12, fieldSize: 10_000, headerPairs: 100 },
  });
  const fastify = app.getHttpAdapter().getInstance();
  fastify.addHook('preValidation', async (request, reply) => {
    if (request.isMultipart() && request.routeOptions.url !== UPLOAD_ROUTE) {
      return reply
        .code(415)
        .header('cache-control', 'no-store')
        .send(errorBody(415, 'Send the request body as JSON (Content-Type: application/json).'));
    }
    return undefined;
  });
  fastify.addContentTypeParser(CAPTIONS_CONTENT_TYPES, { parseAs: 'string', bodyLimit: CAPTIONS_MAX_BYTES }, (_request, body, done) => {
    done(null, body);
  });
}
