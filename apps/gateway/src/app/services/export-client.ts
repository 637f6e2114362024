import { Inject, Injectable } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';
import { AppConfig } from '@veolearn/config';
import {
  type DownloadFile,
  EXPORT_SERVICE,
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
import { callService } from '@veolearn/nest-common';

/** How long test-scorm may take: the export-service waits up to 45 s for a build. */
const TEST_SCORM_EXTRA_MS = 50_000;

/** Typed requests to the export-service; one method per message pattern. */
@Injectable()
export class ExportClient {
  constructor(
    @Inject(EXPORT_SERVICE) private readonly client: ClientProxy,
    private readonly config: AppConfig,
  ) {}

  private send<T>(pattern: string, payload: unknown, timeoutMs = this.config.SERVICE_TIMEOUT_MS): Promise<T> {
    return callService<T>(this.client, 'export service', pattern, payload, timeoutMs);
  }

  exportVideo(message: ExportVideoMessage): Promise<ExportResult> {
    // Reads the lesson and may publish it and queue a build: two calls to the video-service.
    return this.send(ExportPatterns.exportVideo, message, this.config.SERVICE_TIMEOUT_MS * 2);
  }

  getJob(message: ExportJobRef): Promise<ExportJobView> {
    return this.send(ExportPatterns.getJob, message);
  }

  packageFile(message: ExportJobRef): Promise<PackageFile> {
    return this.send(ExportPatterns.packageFile, message);
  }

  testScorm(message: TestScormMessage): Promise<TestScormReply> {
    return this.send(ExportPatterns.testScorm, message, this.config.SERVICE_TIMEOUT_MS * 2 + TEST_SCORM_EXTRA_MS);
  }

  testPackage(message: TestPackageMessage): Promise<TestPackageView> {
    return this.send(ExportPatterns.testPackage, message);
  }

  scormManifest(message: ScormManifestMessage): Promise<DownloadFile> {
    return this.send(ExportFilePatterns.scormManifest, message);
  }

  ltiConfig(message: LtiConfigMessage): Promise<DownloadFile> {
    return this.send(ExportFilePatterns.ltiConfig, message);
  }

  health(timeoutMs: number): Promise<ServiceHealth> {
    return this.send(ExportPatterns.health, {}, timeoutMs);
  }

  ping(): Promise<PingReply> {
    return this.send(ExportPatterns.ping, {});
  }
}
