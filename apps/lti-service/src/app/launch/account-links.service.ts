import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import type { LtiAccountLinkView, LtiLinkAccountMessage } from '@veolearn/contracts';
import { DEEP_LINKING_REQUEST, RESOURCE_LINK_REQUEST } from '@veolearn/lti';
import { rpcError } from '@veolearn/nest-common';
import { type LaunchRow, LaunchService } from './launch.service';
import { SecurityEvents } from './security-events';

interface LinkRow {
  id: string;
  platform_id: string;
  platform_name: string;
  issuer: string;
  sub: string;
  name: string | null;
  email: string | null;
  user_id: number;
  linked_via: 'deep_link' | 'launch';
  linked_at: Date;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * LTI identities (a registration's user: issuer + sub) linked to VeoLearn accounts. A link is made
 * only from an instructor's own launch, for a signed-in user who owns the lesson (checked by the
 * gateway); anything else is refused and kept as a security event.
 */
@Injectable()
export class AccountLinksService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly launches: LaunchService,
    private readonly events: SecurityEvents,
  ) {}

  private async refuse(status: number, reason: string, text: string, launch: LaunchRow, message: LtiLinkAccountMessage): Promise<never> {
    await this.events.record({
      eventType: 'lti_link_refused',
      reason,
      message: `${text} (VeoLearn user ${message.userId}, LTI user ${launch.sub})`,
      platformId: launch.platform_id,
      context: message.context,
    });
    throw rpcError(status, text);
  }

  async link(message: LtiLinkAccountMessage): Promise<LtiAccountLinkView> {
    const launch = await this.launches.requireLaunch(message.launchToken);
    if (!Number.isInteger(message.userId) || message.userId <= 0) throw rpcError(400, 'A link needs a VeoLearn account.');
    if (launch.role !== 'instructor') {
      return this.refuse(403, 'not_instructor', 'Only an instructor\'s LMS account can be linked to a VeoLearn account.', launch, message);
    }
    const expectedType = message.via === 'deep_link' ? DEEP_LINKING_REQUEST : RESOURCE_LINK_REQUEST;
    if (launch.message_type !== expectedType) {
      return this.refuse(400, 'wrong_message_type', 'This LMS launch cannot link accounts this way.', launch, message);
    }
    if (message.via === 'launch' && (launch.video_id === null || launch.video_id !== message.videoId)) {
      return this.refuse(403, 'not_launched_lesson', 'Only the lesson this launch opened can link accounts.', launch, message);
    }
    if (!message.ownsLesson) {
      return this.refuse(403, 'not_lesson_owner', 'The signed-in VeoLearn account does not own this lesson, so it was not linked to your LMS account.', launch, message);
    }
    await this.dataSource.query(
      `INSERT INTO lti.account_links (id, lti_user_id, platform_id, user_id, linked_via) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (lti_user_id) DO UPDATE SET user_id = EXCLUDED.user_id, linked_via = EXCLUDED.linked_via, linked_at = now()`,
      [randomUUID(), launch.user_id, launch.platform_id, message.userId, message.via],
    );
    const links = await this.query(`WHERE a.lti_user_id = $1`, [launch.user_id]);
    return links[0] as LtiAccountLinkView;
  }

  list(): Promise<LtiAccountLinkView[]> {
    return this.query('', []);
  }

  async remove(id: string): Promise<{ deleted: true }> {
    if (typeof id !== 'string' || !UUID.test(id)) throw rpcError(404, 'No such LTI account link.');
    const result: [unknown[], number] = await this.dataSource.query(`DELETE FROM lti.account_links WHERE id = $1`, [id]);
    if (result[1] === 0) throw rpcError(404, 'No such LTI account link.');
    return { deleted: true };
  }

  private async query(where: string, params: unknown[]): Promise<LtiAccountLinkView[]> {
    const rows: LinkRow[] = await this.dataSource.query(
      `SELECT a.id, a.platform_id, p.name AS platform_name, p.issuer, u.sub, u.name, u.email, a.user_id, a.linked_via, a.linked_at
       FROM lti.account_links a JOIN lti.users u ON u.id = a.lti_user_id JOIN lti.platforms p ON p.id = a.platform_id ${where}
       ORDER BY a.linked_at DESC LIMIT 1000`,
      params,
    );
    return rows.map((row) => ({
      id: row.id,
      platformId: row.platform_id,
      platformName: row.platform_name,
      issuer: row.issuer,
      sub: row.sub,
      ltiUserName: row.name,
      ltiUserEmail: row.email,
      userId: Number(row.user_id),
      linkedVia: row.linked_via,
      linkedAt: new Date(row.linked_at).toISOString(),
    }));
  }
}
