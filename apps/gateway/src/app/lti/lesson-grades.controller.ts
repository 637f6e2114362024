import { Controller, Get, Param, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { LtiGradeState, LtiGradeView, Principal } from '@veolearn/contracts';
import { CurrentPrincipal } from '../auth/auth.decorators';
import { IdParam, ownerOf } from '../library/library-http';
import { VideoClient } from '../services/video-client';
import { LtiClient } from './lti-client';

/** A teacher's view of the LMS grades of their lesson: what reached the LMS, what failed, and resending. */
@ApiTags('lti')
@ApiBearerAuth()
@Controller('videos/:id/lti-grades')
export class LessonGradesController {
  constructor(
    private readonly lti: LtiClient,
    private readonly videos: VideoClient,
  ) {}

  @Get()
  @ApiQuery({ name: 'state', required: false, enum: ['pending', 'sent', 'failed', 'not_sent'] })
  @ApiOperation({ summary: "The lesson's grades from LMS launches, newest first, with their delivery state (owner only)" })
  async list(@IdParam('Video') videoId: number, @CurrentPrincipal() principal: Principal, @Query('state') state?: string): Promise<LtiGradeView[]> {
    await this.videos.getVideo({ owner: ownerOf(principal), videoId });
    return this.lti.listGrades({ videoId, state: state as LtiGradeState | undefined });
  }

  @Post(':gradeId/resend')
  @ApiOperation({ summary: 'Send a failed grade of the lesson to the LMS again (owner only)' })
  async resend(@IdParam('Video') videoId: number, @Param('gradeId') gradeId: string, @CurrentPrincipal() principal: Principal): Promise<LtiGradeView> {
    await this.videos.getVideo({ owner: ownerOf(principal), videoId });
    return this.lti.resendGrade({ gradeId, videoId });
  }
}
