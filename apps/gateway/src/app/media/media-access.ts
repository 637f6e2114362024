import { createHmac, timingSafeEqual } from 'node:crypto';
import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { map, type Observable } from 'rxjs';
import { AppConfig } from '@veolearn/config';
import type { Principal, Viewer } from '@veolearn/contracts';

/** How long a signed media or captions link of a private lesson works. */
export const MEDIA_ACCESS_TTL_SECONDS = 12 * 60 * 60;
/** The query parameter that carries the signature. */
export const ACCESS_PARAM = 'access';

const MEDIA_PATH = /^\/api\/(?:media\/(\d+)(?:\/poster)?|videos\/(\d+)\/captions\.vtt)$/;

/**
 * Signed links to a private lesson's file, poster and captions. A `<video src>`, `<video poster>`
 * or `<track src>` request carries no bearer token, so the owner's views hold links signed for that
 * one video: an HMAC of the video id and an expiry under a key derived from JWT_SECRET. Anyone else
 * gets 'Video not found' until the lesson is shared.
 */
@Injectable()
export class MediaAccess {
  private readonly key: Buffer;

  constructor(config: AppConfig) {
    this.key = createHmac('sha256', config.JWT_SECRET).update('veolearn media access v1').digest();
  }

  private signature(videoId: number, expires: number): string {
    return createHmac('sha256', this.key).update(`${videoId}.${expires}`).digest('base64url');
  }

  /** A token for the video valid for MEDIA_ACCESS_TTL_SECONDS (rounded to the hour, so links stay cacheable). */
  sign(videoId: number, now = Date.now()): string {
    const hour = 3600;
    const expires = (Math.floor(now / 1000 / hour) + 1) * hour + MEDIA_ACCESS_TTL_SECONDS;
    return `${expires}.${this.signature(videoId, expires)}`;
  }

  verify(videoId: number, token: unknown, now = Date.now()): boolean {
    if (typeof token !== 'string' || token.length > 200) return false;
    const dot = token.indexOf('.');
    const expires = Number(token.slice(0, dot));
    if (dot < 1 || !Number.isSafeInteger(expires) || expires * 1000 <= now) return false;
    const given = Buffer.from(token.slice(dot + 1));
    const wanted = Buffer.from(this.signature(videoId, expires));
    return given.length === wanted.length && timingSafeEqual(given, wanted);
  }

  /** '/api/media/7' (or '/api/media/7/poster') → the same with '?access=…' for video 7; anything else unchanged. */
  signUrl(url: string): string {
    const match = MEDIA_PATH.exec(url);
    if (!match) return url;
    const videoId = Number(match[1] ?? match[2]);
    return `${url}?${ACCESS_PARAM}=${encodeURIComponent(this.sign(videoId))}`;
  }

  /** Who asks for a lesson's media: the signed-in user, if any, and whether the link was signed for this video. */
  viewer(principal: Principal | null, videoId: number, request?: FastifyRequest): Viewer {
    const query = (request?.query ?? {}) as Record<string, unknown>;
    return { userId: principal?.userId ?? null, isAdmin: principal?.isAdmin === true, signed: this.verify(videoId, query[ACCESS_PARAM]) };
  }

  /**
   * Signs the media, poster and captions links of private lessons in a response (a video view, a page or
   * list of them, or a playback view). Only owners (and admins) ever receive a private lesson's view.
   */
  signViews<T>(value: T): T {
    const sign = (node: unknown, depth: number): void => {
      if (depth > 3 || typeof node !== 'object' || node === null) return;
      if (Array.isArray(node)) {
        for (const item of node) sign(item, depth + 1);
        return;
      }
      const record = node as Record<string, unknown>;
      if (record['published'] === false) {
        for (const field of ['mediaUrl', 'posterUrl', 'captionsUrl']) {
          const url = record[field];
          if (typeof url === 'string') record[field] = this.signUrl(url);
        }
      }
      for (const child of Object.values(record)) if (typeof child === 'object') sign(child, depth + 1);
    };
    sign(value, 0);
    return value;
  }
}

/** Signs the private lessons' media links in a route's answer (see MediaAccess.signViews). */
@Injectable()
export class SignMediaLinks implements NestInterceptor {
  constructor(private readonly access: MediaAccess) {}

  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(map((body: unknown) => this.access.signViews(body)));
  }
}
