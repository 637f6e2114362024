import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import type { LtiPlatformInput, LtiPlatformView } from '@veolearn/contracts';
import { rpcError } from '@veolearn/nest-common';

export interface PlatformRow {
  id: string;
  name: string;
  issuer: string;
  client_id: string;
  deployment_ids: string[];
  auth_login_url: string;
  auth_token_url: string;
  keyset_url: string;
  token_audience: string | null;
  created_at: Date;
}

export function platformView(row: PlatformRow): LtiPlatformView {
  return {
    id: row.id,
    name: row.name,
    issuer: row.issuer,
    clientId: row.client_id,
    deploymentIds: row.deployment_ids,
    authLoginUrl: row.auth_login_url,
    authTokenUrl: row.auth_token_url,
    keysetUrl: row.keyset_url,
    ...(row.token_audience ? { tokenAudience: row.token_audience } : {}),
    createdAt: row.created_at.toISOString(),
  };
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** Checks a registration from any source (the admin API validates too; the command does not). */
export function validatePlatformInput(input: LtiPlatformInput): string[] {
  const problems: string[] = [];
  for (const key of ['issuer', 'authLoginUrl', 'authTokenUrl', 'keysetUrl'] as const) {
    if (typeof input[key] !== 'string' || !isHttpUrl(input[key])) problems.push(`${key} must be an http(s) URL`);
  }
  if (typeof input.clientId !== 'string' || input.clientId.trim() === '') problems.push('clientId is required');
  if (!Array.isArray(input.deploymentIds) || input.deploymentIds.length === 0 || input.deploymentIds.some((d) => typeof d !== 'string' || d.trim() === '')) {
    problems.push('deploymentIds needs at least one non-empty deployment id');
  }
  return problems;
}

/** Platform registrations: who may launch this tool and where its keys, login and token endpoints are. */
@Injectable()
export class PlatformsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async list(): Promise<LtiPlatformView[]> {
    const rows: PlatformRow[] = await this.dataSource.query(`SELECT * FROM lti.platforms ORDER BY created_at LIMIT 1000`);
    return rows.map(platformView);
  }

  /**
   * Registers a platform, or updates the registration with the same issuer and client id (its
   * deployment ids are replaced by the ones given).
   */
  async register(input: LtiPlatformInput): Promise<LtiPlatformView> {
    const problems = validatePlatformInput(input);
    if (problems.length > 0) throw rpcError(400, problems.join('; '));
    const name = input.name?.trim() || new URL(input.issuer).host;
    const deploymentIds = [...new Set(input.deploymentIds.map((d) => d.trim()))];
    const rows: PlatformRow[] = await this.dataSource.query(
      `INSERT INTO lti.platforms (id, name, issuer, client_id, deployment_ids, auth_login_url, auth_token_url, keyset_url, token_audience)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (issuer, client_id) DO UPDATE SET name = EXCLUDED.name, deployment_ids = EXCLUDED.deployment_ids,
         auth_login_url = EXCLUDED.auth_login_url, auth_token_url = EXCLUDED.auth_token_url, keyset_url = EXCLUDED.keyset_url,
         token_audience = EXCLUDED.token_audience, updated_at = now()
       RETURNING *`,
      [randomUUID(), name, input.issuer, input.clientId, deploymentIds, input.authLoginUrl, input.authTokenUrl, input.keysetUrl, input.tokenAudience ?? null],
    );
    return platformView(rows[0] as PlatformRow);
  }

  async remove(id: string): Promise<{ deleted: true }> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) throw rpcError(404, 'Platform not found');
    const result: [unknown[], number] = await this.dataSource.query(`DELETE FROM lti.platforms WHERE id = $1`, [id]);
    if (result[1] === 0) throw rpcError(404, 'Platform not found');
    return { deleted: true };
  }

  async byId(id: string): Promise<PlatformRow | null> {
    const rows: PlatformRow[] = await this.dataSource.query(`SELECT * FROM lti.platforms WHERE id = $1`, [id]);
    return rows[0] ?? null;
  }

  async byIssuer(issuer: string, clientId: string | null): Promise<PlatformRow[]> {
    return clientId
      ? this.dataSource.query(`SELECT * FROM lti.platforms WHERE issuer = $1 AND client_id = $2`, [issuer, clientId])
      : this.dataSource.query(`SELECT * FROM lti.platforms WHERE issuer = $1 LIMIT 2`, [issuer]);
  }
}
