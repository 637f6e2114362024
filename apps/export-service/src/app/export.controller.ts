import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import {
  type DownloadFile,
  ExportFilePatterns,
  type ExportJobRef,
  type ExportJobView,
  ExportPatterns,
  type ExportResult,
  type ExportVideoMessage,
  type LtiConfigMessage,
  type PackageFile,
  type PingReply,
  type ScormManifestMessage,
  type ServiceHealth,
  type TestPackageMessage,
  type TestPackageView,
  type TestScormMessage,
  type TestScormReply,
} from '@veolearn/contracts';
import { INSTANCE_ID, probe } from '@veolearn/nest-common';
import { ExportsService } from './exports.service';
import { ExportQueue } from './jobs/export-queue';

const SERVICE = 'export-service';

@Controller()
export class ExportController {
  constructor(
    private readonly exports: ExportsService,
    private readonly queue: ExportQueue,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  @MessagePattern(ExportPatterns.exportVideo)
  exportVideo(@Payload() message: ExportVideoMessage): Promise<ExportResult> {
    return this.exports.exportVideo(message);
  }

  @MessagePattern(ExportPatterns.getJob)
  getJob(@Payload() message: ExportJobRef): Promise<ExportJobView> {
    return this.exports.getJob(message);
  }

  @MessagePattern(ExportPatterns.packageFile)
  packageFile(@Payload() message: ExportJobRef): Promise<PackageFile> {
    return this.exports.packageFile(message);
  }

  @MessagePattern(ExportPatterns.testScorm)
  testScorm(@Payload() message: TestScormMessage): Promise<TestScormReply> {
    return this.exports.testScorm(message);
  }

  @MessagePattern(ExportPatterns.testPackage)
  testPackage(@Payload() message: TestPackageMessage): Promise<TestPackageView> {
    return this.exports.testPackage(message);
  }

  @MessagePattern(ExportFilePatterns.scormManifest)
  scormManifest(@Payload() message: ScormManifestMessage): Promise<DownloadFile> {
    return this.exports.scormManifest(message);
  }

  @MessagePattern(ExportFilePatterns.ltiConfig)
  ltiConfig(@Payload() message: LtiConfigMessage): Promise<DownloadFile> {
    return this.exports.ltiConfig(message);
  }

  /** Postgres and the queue's Redis; the gateway reports a down queue without failing its own health. */
  @MessagePattern(ExportPatterns.health)
  async health(): Promise<ServiceHealth> {
    const [postgres, queue] = await Promise.all([probe(() => this.dataSource.query('SELECT 1')), probe(() => this.queue.ping())]);
    return { service: SERVICE, instanceId: INSTANCE_ID, dependencies: { postgres, queue } };
  }

  @MessagePattern(ExportPatterns.ping)
  ping(): PingReply {
    return { service: SERVICE, instanceId: INSTANCE_ID };
  }
}
