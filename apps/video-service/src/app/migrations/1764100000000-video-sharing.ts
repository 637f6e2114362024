import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 11, finding 7: a lesson is playable by others only once its owner shares it. Lessons that
 * were ready with questions before this change were reachable by link and may already be handed
 * out, so they start shared; drafts, failed and empty lessons start private.
 */
export class VideoSharing1764100000000 implements MigrationInterface {
  name = 'VideoSharing1764100000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "library"."videos" ADD "published_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(
      `UPDATE "library"."videos" v SET "published_at" = v."updated_at"
       WHERE v."status" = 'ready' AND EXISTS (SELECT 1 FROM "library"."interactions" i WHERE i."video_id" = v."id")`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "library"."videos" DROP COLUMN "published_at"`);
  }
}
