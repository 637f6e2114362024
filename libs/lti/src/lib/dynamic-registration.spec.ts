import { readPlatformConfiguration, readRegistrationResponse, toolRegistrationRequest } from './dynamic-registration';

const CONFIG = {
  issuer: 'https://lms.example',
  authorization_endpoint: 'https://lms.example/auth',
  token_endpoint: 'https://lms.example/token',
  jwks_uri: 'https://lms.example/jwks',
  registration_endpoint: 'https://lms.example/register',
  'https://purl.imsglobal.org/spec/lti-platform-configuration': { product_family_code: 'moodle' },
};

describe('dynamic registration', () => {
  it('reads a platform configuration', () => {
    expect(readPlatformConfiguration('https://lms.example/.well-known/openid-configuration', CONFIG)).toMatchObject({ issuer: 'https://lms.example', productFamily: 'moodle' });
  });

  it('refuses a configuration missing endpoints or naming an issuer on another host', () => {
    expect(() => readPlatformConfiguration('https://lms.example/c', { ...CONFIG, jwks_uri: undefined, token_endpoint: 'ftp://x' })).toThrow('no valid token_endpoint, jwks_uri');
    expect(() => readPlatformConfiguration('https://evil.example/c', CONFIG)).toThrow('another host');
  });

  it('asks for the tool URLs and reads the client and deployment ids', () => {
    expect(toolRegistrationRequest('https://tool.example')).toMatchObject({ initiate_login_uri: 'https://tool.example/api/lti/login', jwks_uri: 'https://tool.example/api/lti/jwks' });
    expect(readRegistrationResponse({ client_id: 'c', 'https://purl.imsglobal.org/spec/lti-tool-configuration': { deployment_id: 'd' } })).toEqual({ clientId: 'c', deploymentId: 'd' });
    expect(() => readRegistrationResponse({ client_id: 'c' })).toThrow('deployment_id');
  });
});
