import { Injectable } from '@nestjs/common';
import { AppConfig } from '@veolearn/config';
import { MicroCache } from '../http/micro-cache';

/** Lessons remembered at most; the oldest go first. */
const MAX_ENTRIES = 2000;

/** Writes whose success may change what a lesson's playback shows (the lesson, its questions, its media). */
const PLAYBACK_WRITE = /^\/api\/(?:videos|interactions)(?:[/?]|$)/;

/** True for a request that changes lessons or questions (so cached playback views are stale after it). */
export function changesPlayback(method: string, url: string): boolean {
  return method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS' && PLAYBACK_WRITE.test(url);
}

/**
 * A micro-cache of the playback views signed-out learners get (published lessons only: anything
 * else is a 404, which is never kept). Within PLAYBACK_CACHE_MS a lesson is read from the
 * video-service once, however many learners open it (concurrent misses share one call). Every
 * write through this gateway that may change a lesson clears it, and a read that started before
 * the write is not stored, so a teacher's edit or un-sharing shows on the next load.
 */
@Injectable()
export class PlaybackCache<T = unknown> extends MicroCache<number, T> {
  constructor(config: AppConfig) {
    super(config.PLAYBACK_CACHE_MS, MAX_ENTRIES);
  }
}
