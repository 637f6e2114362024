import { Column, CreateDateColumn, Entity, Index, ManyToOne, JoinColumn, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity({ name: 'folders' })
@Index('folders_owner_parent_idx', ['ownerId', 'parentId'])
export class FolderEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'owner_id', type: 'integer' })
  ownerId!: number;

  @Column({ type: 'varchar', length: 100 })
  name!: string;

  @Column({ name: 'parent_id', type: 'integer', nullable: true })
  parentId!: number | null;

  /** Deleting a folder moves its children first (the app decides), so the database refuses dangling parents. */
  @ManyToOne(() => FolderEntity, { nullable: true, onDelete: 'NO ACTION', createForeignKeyConstraints: true })
  @JoinColumn({ name: 'parent_id', foreignKeyConstraintName: 'folders_parent_id_fkey' })
  parent?: FolderEntity | null;

  @Column({ type: 'varchar', length: 7, default: '#3B82F6' })
  color!: string;

  @Column({ type: 'varchar', length: 40, default: 'folder' })
  icon!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
