import { ConfigError, loadConfig } from './app-config';

describe('loadConfig', () => {
  it('gives safe local defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, TRANSPORT: 'tcp', REDIS_PREFIX: 'veolearn', SESSION_TTL_SECONDS: 86_400, LOCKOUT_THRESHOLD: 5, LOCKOUT_MINUTES: 15 });
    expect(config.googleConfigured).toBe(false);
  });

  it('reads numbers, booleans and optional integrations from the environment', () => {
    const config = loadConfig({ PORT: '8080', TRUST_PROXY: 'true', TRANSPORT: 'nats', GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' });
    expect(config.PORT).toBe(8080);
    expect(config.TRUST_PROXY).toBe(true);
    expect(config.TRANSPORT).toBe('nats');
    expect(config.googleConfigured).toBe(true);
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
