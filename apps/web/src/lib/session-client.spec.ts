import {
  ApiError,
  LEGACY_TOKEN_KEY,
  TOKEN_KEY,
  apiRequest,
  clearToken,
  getToken,
  serverMessage,
  setToken,
  setUnauthorizedHandler,
} from './session-client';

interface FakeResponseInit {
  status?: number;
  statusText?: string;
  body?: string;
}

function fakeResponse({ status = 200, statusText = 'OK', body = '' }: FakeResponseInit = {}) {
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText,
    text: async () => body,
  };
}

describe('session client', () => {
  const fetchMock = jest.fn();
  const onUnauthorized = jest.fn();
  let restore: () => void;

  beforeEach(() => {
    localStorage.clear();
    fetchMock.mockReset();
    onUnauthorized.mockReset();
    global.fetch = fetchMock as unknown as typeof fetch;
    restore = setUnauthorizedHandler(onUnauthorized);
  });

  afterEach(() => restore());

  function lastRequestInit(): RequestInit & { headers: Record<string, string> } {
    return fetchMock.mock.calls[fetchMock.mock.calls.length - 1][1];
  }

  it('sends the bearer token, JSON content type and credentials', async () => {
    localStorage.setItem(TOKEN_KEY, 'abc');
    fetchMock.mockResolvedValue(fakeResponse({ body: '{"ok":true}' }));

    await expect(apiRequest('POST', '/api/things', { a: 1 })).resolves.toEqual({ ok: true });

    const init = lastRequestInit();
    expect(init.method).toBe('POST');
    expect(init.headers['Authorization']).toBe('Bearer abc');
    expect(init.headers['Content-Type']).toBe('application/json');
    expect(init.credentials).toBe('include');
    expect(init.body).toBe('{"a":1}');
  });

  it('announces JSON only when it sends a body (the gateway refuses empty JSON bodies)', async () => {
    fetchMock.mockResolvedValue(fakeResponse({ body: '{"deleted":true}' }));
    await apiRequest('DELETE', '/api/videos/1');
    expect(lastRequestInit().headers['Content-Type']).toBeUndefined();
    expect(lastRequestInit().body).toBeUndefined();
    expect(lastRequestInit().headers['Accept']).toBe('application/json');
  });

  it('reads the legacy auth-token key and sends no header without a token', async () => {
    fetchMock.mockResolvedValue(fakeResponse({ body: '[]' }));
    await apiRequest('GET', '/api/videos');
    expect(lastRequestInit().headers['Authorization']).toBeUndefined();

    localStorage.setItem(LEGACY_TOKEN_KEY, 'legacy');
    expect(getToken()).toBe('legacy');
    await apiRequest('GET', '/api/videos');
    expect(lastRequestInit().headers['Authorization']).toBe('Bearer legacy');
  });

  it.each([401, 403])('clears the token and redirects on %i from a non-auth call', async (status) => {
    localStorage.setItem(TOKEN_KEY, 'abc');
    localStorage.setItem(LEGACY_TOKEN_KEY, 'old');
    fetchMock.mockResolvedValue(fakeResponse({ status, statusText: 'Unauthorized', body: 'nope' }));

    await expect(apiRequest('GET', '/api/videos')).rejects.toThrow(`${status}: nope`);
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(LEGACY_TOKEN_KEY)).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('leaves the session alone on a 401 from an auth call', async () => {
    localStorage.setItem(TOKEN_KEY, 'abc');
    fetchMock.mockResolvedValue(
      fakeResponse({ status: 401, statusText: 'Unauthorized', body: '{"statusCode":401,"message":"Invalid credentials"}' }),
    );

    await expect(apiRequest('POST', '/api/auth/signin', {})).rejects.toBeInstanceOf(ApiError);
    expect(localStorage.getItem(TOKEN_KEY)).toBe('abc');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('returns null on 401 when the caller asks for it', async () => {
    localStorage.setItem(TOKEN_KEY, 'abc');
    fetchMock.mockResolvedValue(fakeResponse({ status: 401, statusText: 'Unauthorized' }));
    await expect(apiRequest('GET', '/api/analytics/user', undefined, { on401: 'returnNull' })).resolves.toBeNull();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('shapes errors as "<status>: <body>", falling back to the status text', async () => {
    fetchMock.mockResolvedValueOnce(fakeResponse({ status: 500, statusText: 'Internal Server Error', body: 'boom' }));
    await expect(apiRequest('GET', '/api/videos')).rejects.toThrow('500: boom');

    fetchMock.mockResolvedValueOnce(fakeResponse({ status: 502, statusText: 'Bad Gateway', body: '' }));
    await expect(apiRequest('GET', '/api/videos')).rejects.toThrow('502: Bad Gateway');
  });

  it('extracts the server message from a JSON error body', () => {
    expect(serverMessage(new ApiError(409, '{"statusCode":409,"message":"Email already registered"}', 'Conflict'))).toBe(
      'Email already registered',
    );
    expect(serverMessage(new ApiError(400, '{"message":["a","b"]}', 'Bad Request'))).toBe('a b');
    expect(serverMessage(new ApiError(500, 'plain text', 'x'))).toBe('plain text');
    expect(serverMessage(new ApiError(500, '', 'x'))).toBeUndefined();
  });

  it('keeps the token for the page when the browser blocks local storage (an LMS frame without third-party cookies)', () => {
    const blocked = () => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    };
    const spies = [jest.spyOn(Storage.prototype, 'getItem'), jest.spyOn(Storage.prototype, 'setItem'), jest.spyOn(Storage.prototype, 'removeItem')];
    for (const spy of spies) spy.mockImplementation(blocked);
    try {
      expect(getToken()).toBeNull();
      setToken('frame-session');
      expect(getToken()).toBe('frame-session');
      clearToken();
      expect(getToken()).toBeNull();
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
    expect(getToken()).toBeNull();
  });
});
