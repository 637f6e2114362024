import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When the video-service last took a finished job's outcome for its video (ready with the questions,
 * or failed). A finished job without it is repaired by the reconciler. Completed jobs set their
 * video ready in the same save; failed ones stay unset, so videos an outage left `processing` are
 * marked failed once.
 */
export class JobVideoSynced1764100000001 implements MigrationInterface {
  name = 'JobVideoSynced1764100000001';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "generation"."jobs" ADD "video_synced_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`UPDATE "generation"."jobs" SET "video_synced_at" = "finished_at" WHERE "state" = 'completed'`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "generation"."jobs" DROP COLUMN "video_synced_at"`);
  }
}
