import { Body, Controller, Delete, Get, Param, Post, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { type LtiAccountLinkView, type LtiGradeState, type LtiGradeView, type LtiKeyView, type LtiPlatformView, RegisterLtiPlatformDto } from '@veolearn/contracts';
import { AdminGuard } from '../admin/admin.guard';
import { LtiClient } from './lti-client';

/** Admin: LMS platform registrations, the tool's key rotation, and grades waiting for or refused by an LMS. */
@ApiTags('admin')
@ApiBearerAuth()
@UseGuards(AdminGuard)
@Controller('admin/lti')
export class AdminLtiController {
  constructor(private readonly lti: LtiClient) {}

  @Get('platforms')
  @ApiOperation({ summary: 'Registered LMS platforms' })
  platforms(): Promise<LtiPlatformView[]> {
    return this.lti.listPlatforms();
  }

  @Post('platforms')
  @ApiOperation({ summary: 'Register an LMS platform (or update the one with the same issuer and client id)' })
  register(@Body() dto: RegisterLtiPlatformDto): Promise<LtiPlatformView> {
    return this.lti.registerPlatform({ ...dto });
  }

  @Delete('platforms/:id')
  @ApiOperation({ summary: 'Remove a platform registration (its launches and grades go with it)' })
  remove(@Param('id') id: string): Promise<{ deleted: true }> {
    return this.lti.deletePlatform(id);
  }

  @Post('keys/rotate')
  @ApiOperation({ summary: "Rotate the tool's signing key; the previous key stays in the JWKS until the next rotation" })
  rotate(): Promise<LtiKeyView[]> {
    return this.lti.rotateKeys();
  }

  @Get('grades')
  @ApiQuery({ name: 'state', required: false, enum: ['pending', 'sent', 'failed', 'not_sent'] })
  @ApiOperation({ summary: 'Grades from LMS launches, newest first, with their delivery state' })
  grades(@Query('state') state?: string): Promise<LtiGradeView[]> {
    return this.lti.listGrades({ state: state as LtiGradeState | undefined });
  }

  @Post('grades/:id/resend')
  @ApiOperation({ summary: 'Send a failed grade to the LMS again' })
  resend(@Param('id') id: string): Promise<LtiGradeView> {
    return this.lti.resendGrade({ gradeId: id });
  }

  @Get('links')
  @ApiOperation({ summary: 'LTI identities (platform issuer + sub) linked to VeoLearn accounts, newest first' })
  links(): Promise<LtiAccountLinkView[]> {
    return this.lti.listAccountLinks();
  }

  @Delete('links/:id')
  @ApiOperation({ summary: "Remove a link: the LMS user's later launches no longer sign them in" })
  removeLink(@Param('id') id: string): Promise<{ deleted: true }> {
    return this.lti.deleteAccountLink(id);
  }
}
