import { Column, CreateDateColumn, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { ExportState, ScormVersion } from '@veolearn/contracts';

/** The player options a package was asked with. */
export interface PackageOptionsColumn {
  autoplay: boolean;
  showControls: boolean;
  includeAnalytics: boolean;
}

/**
 * One SCORM package build: the durable record of the job (the BullMQ job carries only the id) and,
 * once completed, of the stored zip. A completed row whose content hash matches a new export of the
 * same lesson and version is answered again instead of building anew.
 */
@Entity({ name: 'scorm_packages' })
@Index('scorm_packages_lookup_idx', ['ownerId', 'videoId', 'scormVersion', 'contentHash'])
export class ScormPackageEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ name: 'owner_id', type: 'integer' })
  ownerId!: number;

  @Index('scorm_packages_video_idx')
  @Column({ name: 'video_id', type: 'integer' })
  videoId!: number;

  @Column({ name: 'scorm_version', type: 'varchar', length: 8 })
  scormVersion!: ScormVersion;

  /** sha256 of what the package is built from (lesson, questions, options, media, player); the request's, then the build's. */
  @Column({ name: 'content_hash', type: 'varchar', length: 64 })
  contentHash!: string;

  @Column({ type: 'jsonb' })
  options!: PackageOptionsColumn;

  @Column({ type: 'varchar', length: 20 })
  state!: ExportState;

  @Column({ type: 'smallint', default: 0 })
  progress!: number;

  @Column({ type: 'varchar', length: 120 })
  stage!: string;

  @Column({ name: 'storage_key', type: 'varchar', length: 200, nullable: true })
  storageKey!: string | null;

  @Column({ name: 'size_bytes', type: 'bigint', nullable: true })
  sizeBytes!: string | null;

  @Column({ type: 'varchar', length: 200 })
  filename!: string;

  @Column({ type: 'text', nullable: true })
  error!: string | null;

  @Column({ type: 'integer', default: 0 })
  attempts!: number;

  /** The request that asked for the build: a build queued again (Redis lost it) logs under the same id. */
  @Column({ name: 'request_id', type: 'varchar', length: 64, nullable: true })
  requestId!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;

  @Column({ name: 'started_at', type: 'timestamptz', nullable: true })
  startedAt!: Date | null;

  @Column({ name: 'finished_at', type: 'timestamptz', nullable: true })
  finishedAt!: Date | null;
}
