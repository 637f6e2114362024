const pad = (value: number, width: number): string => String(value).padStart(width, '0');

/** Splits non-negative seconds into whole hours, minutes and centiseconds-rounded seconds. */
function split(seconds: number): { h: number; m: number; s: number } {
  const centis = Math.round(Math.max(0, Number.isFinite(seconds) ? seconds : 0) * 100);
  const h = Math.floor(centis / 360000);
  const m = Math.floor((centis % 360000) / 6000);
  return { h, m, s: (centis % 6000) / 100 };
}

/** SCORM 1.2 CMITimespan `HHHH:MM:SS.SS` (session time, latency). Capped at 9999:59:59.99, the type's maximum. */
export function formatScorm12Timespan(seconds: number): string {
  const { h, m, s } = split(Math.min(seconds, 9999 * 3600 + 3599.99));
  const whole = Math.floor(s);
  return `${pad(h, 4)}:${pad(m, 2)}:${pad(whole, 2)}.${pad(Math.round((s - whole) * 100), 2)}`;
}

/** SCORM 1.2 `adlcp:maxtimeallowed` from whole minutes: `HHHH:MM:SS`. */
export function formatScorm12MaxTime(minutes: number): string {
  const total = Math.min(Math.max(0, Math.ceil(minutes)), 9999 * 60 + 59);
  return `${pad(Math.floor(total / 60), 4)}:${pad(total % 60, 2)}:00`;
}

/** SCORM 2004 timeinterval (ISO 8601 duration) `PT#H#M#S`, seconds to hundredths. */
export function formatScorm2004Duration(seconds: number): string {
  const { h, m, s } = split(seconds);
  return `PT${h}H${m}M${Number(s.toFixed(2))}S`;
}

/** SCORM 1.2 CMITime (time of day, `HH:MM:SS`) in UTC: when an answer was given. */
export function formatScorm12Time(at: Date): string {
  return `${pad(at.getUTCHours(), 2)}:${pad(at.getUTCMinutes(), 2)}:${pad(at.getUTCSeconds(), 2)}`;
}

/**
 * SCORM 2004 time(second,10,2) `YYYY-MM-DDThh:mm:ss.ssZ`: when an answer was given. The fraction is
 * kept because the data model's grammar allows a time zone designator only after it.
 */
export function formatScorm2004Timestamp(at: Date): string {
  return at.toISOString().replace(/(\.\d{2})\dZ$/, '$1Z');
}
