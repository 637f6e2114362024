import { Controller, Delete, HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { AppConfig } from '@veolearn/config';
import type { AuthedRequest } from '../auth/auth.decorators';
import { AdminGuard } from './admin.guard';
import { dashboardCookie, QUEUE_DASHBOARD_COOKIE_SECONDS, QUEUE_DASHBOARD_PATH } from './queue-dashboard';

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** Opens the queue dashboard for an admin: the page is a navigation, so the session goes in a cookie. */
@ApiTags('admin')
@ApiBearerAuth()
@UseGuards(AdminGuard)
@Controller('admin/queues/session')
export class QueueDashboardController {
  constructor(private readonly config: AppConfig) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: `Lets this admin open ${QUEUE_DASHBOARD_PATH} for ${QUEUE_DASHBOARD_COOKIE_SECONDS / 60} minutes (an HttpOnly cookie scoped to that path)` })
  open(@Req() request: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply): { url: string; expiresInSeconds: number } {
    // The session guard already checked this Bearer token and the admin guard its role.
    const token = BEARER.exec(request.headers.authorization ?? '')?.[1] ?? null;
    void reply.header('set-cookie', dashboardCookie(token, this.secure(request))).header('cache-control', 'no-store');
    return { url: QUEUE_DASHBOARD_PATH, expiresInSeconds: QUEUE_DASHBOARD_COOKIE_SECONDS };
  }

  @Delete()
  @HttpCode(204)
  @ApiOperation({ summary: 'Closes the queue dashboard for this browser (clears its cookie)' })
  close(@Req() request: AuthedRequest, @Res({ passthrough: true }) reply: FastifyReply): void {
    void reply.header('set-cookie', dashboardCookie(null, this.secure(request)));
  }

  private secure(request: AuthedRequest): boolean {
    return request.protocol === 'https' || this.config.PUBLIC_URL.startsWith('https://');
  }
}
