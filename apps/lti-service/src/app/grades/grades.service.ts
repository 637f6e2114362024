import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import type { LtiGradeRef, LtiGradesQuery, LtiGradeState, LtiGradeView, SubmitGradeMessage, SubmitGradeReply } from '@veolearn/contracts';
import { type AgsScore, scoreFor } from '@veolearn/lti';
import { currentRequestId, rpcError } from '@veolearn/nest-common';
import { LaunchService, sha256 } from '../launch/launch.service';
import { GradeQueue } from './grade-queue';

export interface GradeRow {
  id: string;
  seq: string;
  launch_id: string;
  platform_id: string;
  channel: string;
  video_id: number;
  sub: string;
  lineitem: string | null;
  score: AgsScore;
  state: LtiGradeState;
  attempts: number;
  last_error: string | null;
  created_at: Date;
  sent_at: Date | null;
  /** The request that submitted the grade; its delivery logs under this id. */
  request_id: string | null;
}

export function gradeView(row: GradeRow): LtiGradeView {
  return {
    id: row.id,
    videoId: row.video_id,
    state: row.state,
    scoreGiven: row.score.scoreGiven,
    scoreMaximum: row.score.scoreMaximum,
    attempts: row.attempts,
    lastError: row.last_error,
    lineitem: row.lineitem,
    learner: row.sub,
    createdAt: row.created_at.toISOString(),
    sentAt: row.sent_at ? row.sent_at.toISOString() : null,
  };
}

const STATES: readonly LtiGradeState[] = ['pending', 'sent', 'failed', 'not_sent'];

/**
 * Grades from LMS launches. A grade is stored before anything else (the player's save succeeds even
 * while the LMS is down), then its channel (one learner, one line item) is queued for delivery.
 */
@Injectable()
export class GradesService {
  private readonly logger = new Logger(GradesService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly launches: LaunchService,
    private readonly queue: GradeQueue,
  ) {}

  async submit(message: SubmitGradeMessage): Promise<SubmitGradeReply> {
    const launch = await this.launches.requireLaunch(message.launchToken);
    const grade = message.grade;
    if (launch.video_id !== null && launch.video_id !== grade.videoId) {
      throw rpcError(400, `This LMS launch is for lesson ${launch.video_id}, not ${grade.videoId}.`);
    }
    if (grade.completedInteractions > grade.totalInteractions) throw rpcError(400, 'completedInteractions cannot be more than totalInteractions.');
    const passback = Boolean(launch.lineitem);
    const channel = sha256(`${launch.platform_id}\n${launch.lineitem ?? ''}\n${launch.sub}`);
    const score = scoreFor(launch.sub, grade, new Date());
    const rows: GradeRow[] = await this.dataSource.query(
      `INSERT INTO lti.grades (id, launch_id, platform_id, channel, video_id, sub, lineitem, input, score, state, request_id) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING *`,
      [randomUUID(), launch.id, launch.platform_id, channel, grade.videoId, launch.sub, launch.lineitem, JSON.stringify(grade), JSON.stringify(score), passback ? 'pending' : 'not_sent', currentRequestId() ?? null],
    );
    const row = rows[0] as GradeRow;
    if (passback) {
      // Stored already: a queue outage only delays it (the worker's sweep queues pending grades again).
      await this.queue.add(channel).catch((error: unknown) => this.logger.warn(`Grade ${row.id} stored, queueing later: ${error instanceof Error ? error.message : String(error)}`));
    }
    return { saved: true, grade: gradeView(row), passback };
  }

  async list(query: LtiGradesQuery): Promise<LtiGradeView[]> {
    const state = query.state && STATES.includes(query.state) ? query.state : null;
    const limit = Math.min(Math.max(query.limit ?? 100, 1), 500);
    const rows: GradeRow[] = await this.dataSource.query(
      `SELECT * FROM lti.grades WHERE ($1::text IS NULL OR state = $1) AND ($3::int IS NULL OR video_id = $3) ORDER BY seq DESC LIMIT $2`,
      [state, limit, query.videoId ?? null],
    );
    return rows.map(gradeView);
  }

  /** Sends a failed grade again, from its first try. */
  async resend(ref: LtiGradeRef): Promise<LtiGradeView> {
    if (!/^[0-9a-f-]{36}$/i.test(ref.gradeId)) throw rpcError(404, 'Grade not found');
    const rows: GradeRow[] = await this.dataSource.query(`SELECT * FROM lti.grades WHERE id = $1`, [ref.gradeId]);
    const row = rows[0];
    if (!row || (ref.videoId !== undefined && row.video_id !== ref.videoId)) throw rpcError(404, 'Grade not found');
    if (row.state !== 'failed') throw rpcError(409, `Only a failed grade can be resent; this one is ${row.state}.`);
    const updated: [GradeRow[], number] = await this.dataSource.query(
      `UPDATE lti.grades SET state = 'pending', attempts = 0, last_error = NULL WHERE id = $1 AND state = 'failed' RETURNING *`,
      [row.id],
    );
    await this.queue.add(row.channel);
    return gradeView((updated[0][0] ?? row) as GradeRow);
  }
}
