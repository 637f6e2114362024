import { ApiError } from '../../lib/session-client';
import { adminFetchError, formatAud, formatPercent } from './admin-format';

describe('admin formatting', () => {
  it('writes AUD amounts with two decimals and the currency', () => {
    expect(formatAud(1234.5)).toBe('$1,234.50 AUD');
    expect(formatAud(-20)).toBe('-$20.00 AUD');
  });

  it('shows a margin without revenue as unknown, not 0%', () => {
    expect(formatPercent(null)).toBe('—');
    expect(formatPercent(12.345)).toBe('12.3%');
  });

  it("names a server's error and a failed fetch as the spec does", () => {
    expect(adminFetchError(new ApiError(500, 'boom', 'Internal Server Error'))).toBe('Failed to fetch admin data');
    expect(adminFetchError(new TypeError('Failed to fetch'))).toBe('Network error');
  });
});
