import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { VideoStatus, VideoType } from '@veolearn/contracts';

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

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
