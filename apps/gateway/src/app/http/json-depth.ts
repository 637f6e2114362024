/** Deepest nesting of objects and arrays a JSON body may have. */
export const MAX_JSON_DEPTH = 64;

/** Fastify error code of a body nested too deep (400). */
export const JSON_TOO_DEEP_CODE = 'VEOLEARN_JSON_TOO_DEEP';

export const JSON_TOO_DEEP_MESSAGE = `The JSON body is nested too deeply: at most ${MAX_JSON_DEPTH} levels of objects and arrays.`;

const QUOTE = 34;
const BACKSLASH = 92;
const OPEN_BRACE = 123;
const OPEN_BRACKET = 91;
const CLOSE_BRACE = 125;
const CLOSE_BRACKET = 93;

/**
 * True when JSON text opens more than `limit` objects and arrays inside each other (brackets inside
 * strings do not count). One pass without recursion, so a hostile body cannot exhaust the stack
 * here, as it did further on in validation and class-transformer (~1,300 levels gave a 500).
 */
export function exceedsJsonDepth(text: string, limit = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      depth++;
      if (depth > limit) return true;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      depth--;
    }
  }
  return false;
}

/** The error the JSON parser hands Fastify for a body nested too deep. */
export function jsonTooDeepError(): Error & { statusCode: number; code: string } {
  return Object.assign(new Error(JSON_TOO_DEEP_MESSAGE), { statusCode: 400, code: JSON_TOO_DEEP_CODE });
}
