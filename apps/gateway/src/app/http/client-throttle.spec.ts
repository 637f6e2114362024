import { SignJWT } from 'jose';
import { clientTracker, ipTracker, isAddressTracker, learnerIdOf, throttleKey } from './client-throttle';

const SECRET = 'unit-test-secret-0123456789abcdef0123456789';
const sign = (sub: string, secret = SECRET) =>
  new SignJWT({ sid: 's' }).setProtectedHeader({ alg: 'HS256' }).setSubject(sub).setExpirationTime('1h').sign(new TextEncoder().encode(secret));

describe('rate-limit trackers', () => {
  const track = clientTracker(SECRET);

  it('counts a signed-in user by id, whatever address they come from', async () => {
    const token = await sign('42');
    expect(await track({ ip: '10.0.0.1', headers: { authorization: `Bearer ${token}` } })).toBe('user:42');
    expect(await track({ ip: '10.0.0.2', headers: { authorization: `Bearer ${token}` } })).toBe('user:42');
  });

  it("remembers a good token's user for a minute at most, and never past the token's expiry", async () => {
    let clock = Date.now();
    const timed = clientTracker(SECRET, () => clock);
    const token = await sign('42');
    expect(await timed({ ip: '10.0.0.1', headers: { authorization: `Bearer ${token}` } })).toBe('user:42');
    // Past its expiry (1 h) the remembered user is checked again, and the expired token counts against the address.
    clock += 61 * 60_000;
    expect(await timed({ ip: '10.0.0.1', headers: { authorization: `Bearer ${token}` } })).toBe('ip:10.0.0.1');
    // A forged token is never remembered as anyone.
    const forged = await sign('43', 'another-secret-0123456789abcdef0123');
    expect(await timed({ ip: '10.0.0.3', headers: { authorization: `Bearer ${forged}` } })).toBe('ip:10.0.0.3');
    expect(await timed({ ip: '10.0.0.3', headers: { authorization: `Bearer ${forged}` } })).toBe('ip:10.0.0.3');
  });

  it('counts a forged, foreign or malformed token against the address', async () => {
    expect(await track({ ip: '10.0.0.1', headers: { authorization: `Bearer ${await sign('42', 'another-secret-0123456789abcdef0123')}` } })).toBe('ip:10.0.0.1');
    expect(await track({ ip: '10.0.0.1', headers: { authorization: 'Bearer not.a.jwt' } })).toBe('ip:10.0.0.1');
    expect(await track({ ip: '10.0.0.1', headers: {} })).toBe('ip:10.0.0.1');
  });

  it('counts IPv6 clients by /64 and keys by client only', () => {
    expect(ipTracker({ ip: '2001:db8:1:2:3:4:5:6' })).toBe(ipTracker({ ip: '2001:db8:1:2:ffff::1' }));
    expect(throttleKey('ip:10.0.0.1')).toBe('rl:ip:10.0.0.1');
  });

  it('counts an anonymous learner by the learner id the player sends, in the body or the query', async () => {
    const learner = '0b9c1f52-6f0e-4c55-9a57-3f0f3c2f8e11';
    expect(await track({ ip: '10.0.0.1', headers: {}, body: { learnerId: learner, position: 3 } })).toBe(`learner:${learner}`);
    expect(await track({ ip: '10.0.0.1', headers: {}, query: { learnerId: learner } })).toBe(`learner:${learner}`);
    // A signed-in user is counted as the user, whatever learner id comes with the request.
    const token = await sign('42');
    expect(await track({ ip: '10.0.0.1', headers: { authorization: `Bearer ${token}` }, body: { learnerId: learner } })).toBe('user:42');
    // Malformed ids count against the address.
    for (const learnerId of ['short', 'has spaces in it', { $ne: null }, 'x'.repeat(101)]) {
      expect(await track({ ip: '10.0.0.1', headers: {}, body: { learnerId } })).toBe('ip:10.0.0.1');
    }
    expect(learnerIdOf({ body: null, query: undefined })).toBeNull();
    expect(isAddressTracker('ip:10.0.0.1')).toBe(true);
    expect(isAddressTracker(`learner:${learner}`)).toBe(false);
  });

  it('works a request out once, however many limits ask', async () => {
    const request = { ip: '10.0.0.1', headers: {}, body: { learnerId: 'learner-0001' } };
    const first = track(request);
    expect(track(request)).toBe(first);
    expect(await first).toBe('learner:learner-0001');
  });
});
