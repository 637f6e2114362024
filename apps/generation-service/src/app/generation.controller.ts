import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import {
  type GenerationJobView,
  GenerationPatterns,
  type GetGenerationJobMessage,
  type PingReply,
  type ServiceHealth,
  type StartGenerationMessage,
  type StartGenerationResult,
} from '@veolearn/contracts';
import { INSTANCE_ID, probe } from '@veolearn/nest-common';
import { GenerationJobsService } from './jobs/generation-jobs.service';
import { GenerationQueue } from './jobs/generation-queue';

const SERVICE = 'generation-service';

@Controller()
export class GenerationController {
  constructor(
    private readonly jobs: GenerationJobsService,
    private readonly queue: GenerationQueue,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  @MessagePattern(GenerationPatterns.start)
  start(@Payload() message: StartGenerationMessage): Promise<StartGenerationResult> {
    return this.jobs.start(message);
  }

  @MessagePattern(GenerationPatterns.getJob)
  getJob(@Payload() message: GetGenerationJobMessage): Promise<GenerationJobView> {
    return this.jobs.getJob(message);
  }

  /** Postgres and the queue's Redis; the gateway reports a down queue without failing its own health. */
  @MessagePattern(GenerationPatterns.health)
  async health(): Promise<ServiceHealth> {
    const [postgres, queue] = await Promise.all([probe(() => this.dataSource.query('SELECT 1')), probe(() => this.queue.ping())]);
    return { service: SERVICE, instanceId: INSTANCE_ID, dependencies: { postgres, queue } };
  }

  @MessagePattern(GenerationPatterns.ping)
  ping(): PingReply {
    return { service: SERVICE, instanceId: INSTANCE_ID };
  }
}
