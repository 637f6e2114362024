import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, importJWK, type JWK, type KeyLike, SignJWT, type JWTPayload } from 'jose';
import { DataSource } from 'typeorm';
import type { LtiJwks, LtiKeyView } from '@veolearn/contracts';

const ALG = 'RS256';

interface KeyRow {
  kid: string;
  state: 'current' | 'previous';
  public_jwk: JWK;
  private_jwk: JWK;
  created_at: Date;
}

/**
 * The tool's RSA signing keys (kept in `lti.tool_keys`). The key set publishes the current key and
 * the previous one, so a rotation never breaks a token signed just before it (a deep linking
 * response or a client assertion in flight); a key rotated out twice is retired and unpublished.
 */
@Injectable()
export class ToolKeysService {
  private readonly logger = new Logger(ToolKeysService.name);
  private signing: { kid: string; key: KeyLike | Uint8Array } | null = null;

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private async newKey(): Promise<{ kid: string; publicJwk: JWK; privateJwk: JWK }> {
    const { publicKey, privateKey } = await generateKeyPair(ALG, { modulusLength: 2048, extractable: true });
    const kid = randomUUID();
    const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: ALG, use: 'sig' };
    const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: ALG };
    return { kid, publicJwk, privateJwk };
  }

  /** Creates the first key when there is none (a concurrent replica's insert wins, which is fine). */
  async ensureKey(): Promise<void> {
    const rows: KeyRow[] = await this.dataSource.query(`SELECT kid FROM lti.tool_keys WHERE state = 'current'`);
    if (rows.length > 0) return;
    const key = await this.newKey();
    await this.dataSource.query(
      `INSERT INTO lti.tool_keys (kid, state, public_jwk, private_jwk) VALUES ($1, 'current', $2, $3) ON CONFLICT DO NOTHING`,
      [key.kid, JSON.stringify(key.publicJwk), JSON.stringify(key.privateJwk)],
    );
    this.logger.log(`Created the tool's first signing key ${key.kid}`);
  }

  async jwks(): Promise<LtiJwks> {
    await this.ensureKey();
    const rows: KeyRow[] = await this.dataSource.query(`SELECT public_jwk FROM lti.tool_keys WHERE state IN ('current', 'previous') ORDER BY created_at DESC`);
    return { keys: rows.map((r) => r.public_jwk as unknown as Record<string, unknown>) };
  }

  async list(): Promise<LtiKeyView[]> {
    const rows: KeyRow[] = await this.dataSource.query(`SELECT kid, state, created_at FROM lti.tool_keys WHERE state IN ('current', 'previous') ORDER BY created_at DESC`);
    return rows.map((r) => ({ kid: r.kid, state: r.state, createdAt: r.created_at.toISOString() }));
  }

  /** A new current key; the current one becomes previous (still published), the previous one is retired. */
  async rotate(): Promise<LtiKeyView[]> {
    const key = await this.newKey();
    await this.dataSource.transaction(async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock(hashtext('veolearn-lti-keys'))`);
      await manager.query(`UPDATE lti.tool_keys SET state = 'retired', rotated_at = now() WHERE state = 'previous'`);
      await manager.query(`UPDATE lti.tool_keys SET state = 'previous', rotated_at = now() WHERE state = 'current'`);
      await manager.query(`INSERT INTO lti.tool_keys (kid, state, public_jwk, private_jwk) VALUES ($1, 'current', $2, $3)`, [
        key.kid,
        JSON.stringify(key.publicJwk),
        JSON.stringify(key.privateJwk),
      ]);
    });
    this.signing = null;
    this.logger.log(`Rotated the tool's signing key: ${key.kid} is current`);
    return this.list();
  }

  private async currentKey(): Promise<{ kid: string; key: KeyLike | Uint8Array }> {
    await this.ensureKey();
    const rows: KeyRow[] = await this.dataSource.query(`SELECT kid, private_jwk FROM lti.tool_keys WHERE state = 'current'`);
    const row = rows[0];
    if (!row) throw new Error('The tool has no signing key');
    // Another replica may have rotated: reuse the imported key only while it is still current.
    if (this.signing?.kid === row.kid) return this.signing;
    this.signing = { kid: row.kid, key: await importJWK(row.private_jwk, ALG) };
    return this.signing;
  }

  /** Signs a JWT with the current key (its kid in the header). */
  async sign(payload: JWTPayload, options: { issuer: string; audience: string | string[]; expiresInSeconds: number; subject?: string }): Promise<string> {
    const { kid, key } = await this.currentKey();
    let jwt = new SignJWT(payload)
      .setProtectedHeader({ alg: ALG, kid, typ: 'JWT' })
      .setIssuer(options.issuer)
      .setAudience(options.audience)
      .setIssuedAt()
      .setExpirationTime(`${options.expiresInSeconds}s`)
      .setJti(randomUUID());
    if (options.subject) jwt = jwt.setSubject(options.subject);
    return jwt.sign(key);
  }
}
