import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 15: an uploaded video's poster frame (a small JPEG, PNG or WebP kept in media storage beside
 * the file), shown by the player before the video loads and by the library as the thumbnail.
 */
export class VideoPoster1765000000000 implements MigrationInterface {
  name = 'VideoPoster1765000000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "library"."videos" ADD "poster_key" character varying(255)`);
    await queryRunner.query(`ALTER TABLE "library"."videos" ADD "poster_mime_type" character varying(100)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "library"."videos" DROP COLUMN "poster_mime_type"`);
    await queryRunner.query(`ALTER TABLE "library"."videos" DROP COLUMN "poster_key"`);
  }
}
