import { createHash, timingSafeEqual } from 'node:crypto';
import { Controller, Get, Headers, NotFoundException, Res, UnauthorizedException } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import type { FastifyReply } from 'fastify';
import { AppConfig } from '@veolearn/config';
import { metricsText } from '@veolearn/nest-common';
import { Public } from '../auth/auth.decorators';

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** Prometheus' scrape of the gateway: request latency by route and status, service calls, Node's own. */
@ApiTags('health')
@Controller('metrics')
export class MetricsController {
  constructor(private readonly config: AppConfig) {}

  @Public()
  @SkipThrottle()
  @Get()
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Prometheus metrics (text format) with `Authorization: Bearer METRICS_TOKEN`; 404 when METRICS_TOKEN is not set' })
  async metrics(@Headers('authorization') authorization: string | undefined, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const expected = this.config.METRICS_TOKEN;
    if (!expected) throw new NotFoundException('Metrics are not enabled on this server (set METRICS_TOKEN).');
    const given = /^Bearer\s+(.+)$/i.exec(authorization ?? '')?.[1]?.trim() ?? '';
    if (!given || !timingSafeEqual(digest(given), digest(expected))) {
      throw new UnauthorizedException('Metrics need Authorization: Bearer with the METRICS_TOKEN of this server.');
    }
    const { contentType, body } = await metricsText();
    void reply.header('content-type', contentType).header('cache-control', 'no-store');
    return body;
  }
}
