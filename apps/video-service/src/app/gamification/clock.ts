import { readFileSync } from 'node:fs';
import type { Provider } from '@nestjs/common';
import { AppConfig } from '@veolearn/config';

/** Where the video-service reads the time: the system clock, or (tests only) a time set by the test. */
export abstract class Clock {
  abstract now(): Date;
}

export class SystemClock extends Clock {
  now(): Date {
    return new Date();
  }
}

/**
 * Tests only: the time written in a file (an ISO string), read on every call so a test can move the
 * service across UTC days. A missing, empty or unreadable file gives the system time.
 */
export class FileClock extends Clock {
  constructor(private readonly path: string) {
    super();
  }

  now(): Date {
    try {
      const text = readFileSync(this.path, 'utf8').trim();
      const time = text === '' ? Number.NaN : Date.parse(text);
      return Number.isNaN(time) ? new Date() : new Date(time);
    } catch {
      return new Date();
    }
  }
}

/** The system clock, unless NODE_ENV is 'test' and TEST_CLOCK_FILE names a file: no request can set it. */
export const CLOCK_PROVIDER: Provider = {
  provide: Clock,
  inject: [AppConfig],
  useFactory: (config: AppConfig): Clock => (config.NODE_ENV === 'test' && config.TEST_CLOCK_FILE ? new FileClock(config.TEST_CLOCK_FILE) : new SystemClock()),
};
