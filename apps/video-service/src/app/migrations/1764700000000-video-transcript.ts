import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 14, "Read instead": the transcript a lesson's questions were generated from is kept with the
 * video, so that a lesson whose transcript had no timing (plain text, hence no captions) can be read.
 */
export class VideoTranscript1764700000000 implements MigrationInterface {
  name = 'VideoTranscript1764700000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "library"."videos" ADD "transcript" text`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "library"."videos" DROP COLUMN "transcript"`);
  }
}
