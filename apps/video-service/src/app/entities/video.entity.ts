import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { SkippingMode, VideoStatus, VideoType } from '@veolearn/contracts';

@Entity({ name: 'videos' })
@Index('videos_owner_folder_idx', ['ownerId', 'folderId'])
@Index('videos_owner_created_idx', ['ownerId', 'createdAt'])
export class VideoEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'owner_id', type: 'integer' })
  ownerId!: number;

  @Column({ name: 'folder_id', type: 'integer', nullable: true })
  folderId!: number | null;

  @Column({ type: 'varchar', length: 200 })
  title!: string;

  @Column({ type: 'varchar', length: 20 })
  type!: VideoType;

  /** Seconds; null while unknown. */
  @Column({ type: 'integer', nullable: true })
  duration!: number | null;

  @Column({ type: 'varchar', length: 20, default: 'ready' })
  status!: VideoStatus;

  @Column({ type: 'text' })
  url!: string;

  @Column({ name: 'youtube_id', type: 'varchar', length: 11, nullable: true })
  youtubeId!: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  filename!: string | null;

  @Column({ name: 'thumbnail_url', type: 'text', nullable: true })
  thumbnailUrl!: string | null;

  /** The generation job whose question set was saved; a second save for the same job changes nothing. */
  @Column({ name: 'generation_job_id', type: 'uuid', nullable: true })
  generationJobId!: string | null;

  /** How far a learner may move through the video: 'free', 'no_skip_forward' or 'no_seek'. */
  @Column({ name: 'skipping_mode', type: 'varchar', length: 20, default: 'free' })
  skippingMode!: SkippingMode;

  /** A wrong answer must be retried until correct before the video goes on. */
  @Column({ name: 'require_correct', type: 'boolean', default: false })
  requireCorrect!: boolean;

  /** Points, streaks, levels and achievements for learners of this lesson (issue 14). */
  @Column({ type: 'boolean', default: true })
  gamification!: boolean;

  /** Uploaded (or replaced) WebVTT captions; null when the video has none of its own. */
  @Column({ name: 'captions_vtt', type: 'text', nullable: true })
  captionsVtt!: string | null;

  /** The transcript of the latest generation, as pasted (read by "Read instead" when there are no captions of the owner's). */
  @Column({ type: 'text', nullable: true })
  transcript!: string | null;

  /** Where an uploaded file lives in media storage; null for YouTube videos. */
  @Column({ name: 'storage_key', type: 'varchar', length: 255, nullable: true })
  storageKey!: string | null;

  @Column({ name: 'mime_type', type: 'varchar', length: 100, nullable: true })
  mimeType!: string | null;

  /** Bytes of the uploaded file (a bigint, so the driver hands it over as a string). */
  @Column({ name: 'size_bytes', type: 'bigint', nullable: true })
  sizeBytes!: string | null;

  /** Where an upload's poster frame lives in media storage; null when it has none (issue 15). */
  @Column({ name: 'poster_key', type: 'varchar', length: 255, nullable: true })
  posterKey!: string | null;

  /** 'image/jpeg', 'image/png' or 'image/webp', set with posterKey. */
  @Column({ name: 'poster_mime_type', type: 'varchar', length: 100, nullable: true })
  posterMimeType!: string | null;

  /** When the owner shared the lesson (anyone with the link may play it); null while private. */
  @Column({ name: 'published_at', type: 'timestamptz', nullable: true })
  publishedAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
