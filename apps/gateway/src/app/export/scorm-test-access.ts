import { createHmac, timingSafeEqual } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { AppConfig } from '@veolearn/config';

/** How long a SCORM test page link works. */
export const SCORM_TEST_TTL_SECONDS = 12 * 60 * 60;

const JOB_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TOKEN = /^(\d{1,12})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

/**
 * Links to the test page of a SCORM package. The page, the runtime and the package's files load in
 * a browser tab and its iframe with no bearer token, so the token sits in the path
 * (`/api/exports/{jobId}/t/{token}/…`): the package's relative URLs then resolve under the same
 * signed prefix. The token names the owner and an expiry and carries an HMAC of the job id, the
 * owner and the expiry under a key derived from JWT_SECRET; only the owner receives it (from
 * test-scorm), and the export-service still answers only that owner's job.
 */
@Injectable()
export class ScormTestAccess {
  private readonly key: Buffer;

  constructor(config: AppConfig) {
    this.key = createHmac('sha256', config.JWT_SECRET).update('veolearn scorm test page v1').digest();
  }

  private signature(jobId: string, ownerId: number, expires: number): string {
    return createHmac('sha256', this.key).update(`${jobId.toLowerCase()}.${ownerId}.${expires}`).digest('base64url');
  }

  /** '{ownerId}.{expires}.{hmac}', valid for SCORM_TEST_TTL_SECONDS (rounded to the hour). */
  sign(jobId: string, ownerId: number, now = Date.now()): string {
    const hour = 3600;
    const expires = (Math.floor(now / 1000 / hour) + 1) * hour + SCORM_TEST_TTL_SECONDS;
    return `${ownerId}.${expires}.${this.signature(jobId, ownerId, expires)}`;
  }

  /** The owner the token was signed for when it is valid for this job and not expired; null otherwise. */
  verify(jobId: unknown, token: unknown, now = Date.now()): number | null {
    if (typeof jobId !== 'string' || !JOB_ID.test(jobId) || typeof token !== 'string') return null;
    const match = TOKEN.exec(token);
    if (!match) return null;
    const ownerId = Number(match[1]);
    const expires = Number(match[2]);
    if (!Number.isSafeInteger(ownerId) || ownerId <= 0 || expires * 1000 <= now) return null;
    const given = Buffer.from(match[3]);
    const wanted = Buffer.from(this.signature(jobId, ownerId, expires));
    return given.length === wanted.length && timingSafeEqual(given, wanted) ? ownerId : null;
  }

  /** The test page of a job, relative to the site: '/api/exports/{jobId}/t/{token}/lms'. */
  pageUrl(jobId: string, ownerId: number): string {
    return `/api/exports/${encodeURIComponent(jobId)}/t/${this.sign(jobId, ownerId)}/lms`;
  }
}
