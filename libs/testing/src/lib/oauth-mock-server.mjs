// A local OAuth 2 / OpenID provider for tests (oauth2-mock-server is ESM-only, so it runs in its
// own process). Prints "READY <url>" once listening. The user it reports comes from OAUTH_MOCK_USER.
import { OAuth2Server } from 'oauth2-mock-server';

const port = Number(process.argv[2] ?? 0);
const user = JSON.parse(process.env.OAUTH_MOCK_USER ?? '{"sub":"google-user-1","email":"oauth.user@example.com","email_verified":true}');

const server = new OAuth2Server();
await server.issuer.keys.generate('RS256');
server.service.on('beforeUserinfo', (response) => {
  response.body = user;
});
await server.start(port, '127.0.0.1');
process.stdout.write(`READY ${server.issuer.url}\n`);
const stop = () => server.stop().finally(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
