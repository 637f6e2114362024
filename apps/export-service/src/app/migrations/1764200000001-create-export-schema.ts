import { MigrationInterface, QueryRunner } from 'typeorm';

/** SCORM package builds: the job record and, once built, the stored zip. */
export class CreateExportSchema1764200000001 implements MigrationInterface {
  name = 'CreateExportSchema1764200000001';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "export"."scorm_packages" ("id" uuid NOT NULL, "owner_id" integer NOT NULL, "video_id" integer NOT NULL, "scorm_version" character varying(8) NOT NULL, "content_hash" character varying(64) NOT NULL, "options" jsonb NOT NULL, "state" character varying(20) NOT NULL, "progress" smallint NOT NULL DEFAULT '0', "stage" character varying(120) NOT NULL, "storage_key" character varying(200), "size_bytes" bigint, "filename" character varying(200) NOT NULL, "error" text, "attempts" integer NOT NULL DEFAULT '0', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "started_at" TIMESTAMP WITH TIME ZONE, "finished_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_773f4c26b9e75c2472dd8efda50" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "scorm_packages_video_idx" ON "export"."scorm_packages" ("video_id")`);
    await queryRunner.query(`CREATE INDEX "scorm_packages_lookup_idx" ON "export"."scorm_packages" ("owner_id", "video_id", "scorm_version", "content_hash")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "export"."scorm_packages_lookup_idx"`);
    await queryRunner.query(`DROP INDEX "export"."scorm_packages_video_idx"`);
    await queryRunner.query(`DROP TABLE "export"."scorm_packages"`);
  }
}
