import { ConfigError, loadConfig } from './app-config';

describe('loadConfig', () => {
  it('gives safe local defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, TRANSPORT: 'tcp', REDIS_PREFIX: 'veolearn', SESSION_TTL_SECONDS: 86_400, LOCKOUT_THRESHOLD: 5, LOCKOUT_MINUTES: 15 });
    expect(config.googleConfigured).toBe(false);
  });

  it('reads numbers, booleans and optional integrations from the environment', () => {
    const config = loadConfig({ PORT: '8080', TRUST_PROXY: '1', TRANSPORT: 'nats', GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' });
    expect(config.PORT).toBe(8080);
    expect(config.TRUST_PROXY).toBe(1);
    expect(config.TRANSPORT).toBe('nats');
    expect(config.googleConfigured).toBe(true);
  });

  it('reads TRUST_PROXY as off, a hop count or a list of trusted addresses, and refuses true', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1' }).TRUST_PROXY).toEqual(['127.0.0.1', '10.0.0.0/8', '::1']);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY="true".*hop|number of proxies/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.example.com' })).toThrow(ConfigError);
  });

  it('reads HEALTH_DETAIL_TOKEN, unset by default', () => {
    expect(loadConfig({}).HEALTH_DETAIL_TOKEN).toBeUndefined();
    expect(loadConfig({ HEALTH_DETAIL_TOKEN: 'x'.repeat(20) }).HEALTH_DETAIL_TOKEN).toBe('x'.repeat(20));
    expect(() => loadConfig({ HEALTH_DETAIL_TOKEN: 'short' })).toThrow(ConfigError);
  });

  it('reads NATS_SUBJECT_PREFIX, unset by default, and refuses what is not a subject prefix', () => {
    expect(loadConfig({}).NATS_SUBJECT_PREFIX).toBeUndefined();
    expect(loadConfig({ NATS_SUBJECT_PREFIX: '' }).NATS_SUBJECT_PREFIX).toBeUndefined();
    expect(loadConfig({ NATS_SUBJECT_PREFIX: 'staging' }).NATS_SUBJECT_PREFIX).toBe('staging');
    expect(loadConfig({ NATS_SUBJECT_PREFIX: 'veolearn-test_a1.eu' }).NATS_SUBJECT_PREFIX).toBe('veolearn-test_a1.eu');
    for (const bad of ['a b', 'a.>', '*', 'a..b', '.a', 'a.', 'tenant/1']) {
      expect(() => loadConfig({ NATS_SUBJECT_PREFIX: bad })).toThrow(/NATS_SUBJECT_PREFIX must be NATS subject tokens/);
    }
  });

  it('treats empty optional values as unset', () => {
    expect(loadConfig({ GOOGLE_CLIENT_ID: '', GOOGLE_CLIENT_SECRET: '' }).googleConfigured).toBe(false);
  });

  it('names every bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', TRANSPORT: 'carrier-pigeon', JWT_SECRET: 'short' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', TRANSPORT: 'carrier-pigeon', JWT_SECRET: 'short' });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('PORT=');
      expect(message).toContain('TRANSPORT=');
      expect(message).toContain('JWT_SECRET must be at least 32 characters');
    }
  });

  it('refuses the development secret in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET must be set/);
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) }).NODE_ENV).toBe('production');
  });
});
