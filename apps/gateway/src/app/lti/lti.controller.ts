import { BadRequestException, Body, Controller, Get, Header, HttpCode, HttpException, Logger, Post, Req, Res, UnauthorizedException } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppConfig } from '@veolearn/config';
import {
  DeepLinkChoiceDto,
  type DeepLinkResponseReply,
  type LtiAccountLinkView,
  type LtiContextView,
  type LtiJwks,
  type LtiLaunchReply,
  LtiSessionExchangeDto,
  type Principal,
  type RequestContext,
  SubmitLtiGradeDto,
  type SubmitGradeReply,
} from '@veolearn/contracts';
import { CurrentPrincipal, Public, requestContext } from '../auth/auth.decorators';
import { ownerOf } from '../library/library-http';
import { AuthClient } from '../services/auth-client';
import { VideoClient } from '../services/video-client';
import { LtiClient } from './lti-client';
import { LtiSessionCodes } from './lti-session-codes';
import { sendLtiErrorPage, sendRegistrationDonePage, sendStoragePage, storageKey } from './lti-pages';

/** Owner lookups name only the owner's id; the library does not read entitlements for them. */
const LOOKUP_ENTITLEMENTS = { plan: 'trial', subscriptionStatus: 'trial', trialEndsAt: null, hasUnlimitedAccess: false, isAdmin: false } as const;

/** The header the player sends the launch token in (the token came in the launch redirect's `?lti=`). */
export const LAUNCH_HEADER = 'x-lti-launch';
const COOKIE_PREFIX = 'lti-state-';
const LAUNCH_PATH = '/api/lti/launch';

function stringParams(...sources: unknown[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const source of sources) {
    if (!source || typeof source !== 'object') continue;
    for (const [key, value] of Object.entries(source as Record<string, unknown>)) {
      if (typeof value === 'string' && value.length <= 4096) out[key] = value;
    }
  }
  return out;
}

export function readCookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return null;
}

function launchToken(request: FastifyRequest): string | null {
  const value = request.headers[LAUNCH_HEADER];
  return typeof value === 'string' && value.length > 0 && value.length <= 200 ? value : null;
}

/**
 * The LTI 1.3 tool's browser-facing endpoints: its key set, the OIDC login initiation (GET and
 * POST), the launch (the platform's form post of the id_token), and the launch's context and grade.
 */
@ApiTags('lti')
@Controller('lti')
export class LtiController {
  constructor(
    private readonly lti: LtiClient,
    private readonly videos: VideoClient,
    private readonly auth: AuthClient,
    private readonly codes: LtiSessionCodes,
    private readonly config: AppConfig,
  ) {}

  private readonly logger = new Logger('LtiLaunch');

  private get secureCookies(): boolean {
    return this.config.PUBLIC_URL.startsWith('https:');
  }

  @Public()
  @Get('jwks')
  @Header('cache-control', 'public, max-age=300')
  @ApiOperation({ summary: "The tool's public keys (JWKS): the current signing key and the previous one" })
  jwks(): Promise<LtiJwks> {
    return this.lti.jwks();
  }

  @Public()
  @Get('login')
  @ApiOperation({ summary: 'OIDC third-party login initiation (query parameters); redirects to the platform' })
  loginGet(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.login(stringParams(request.query), request, reply);
  }

  @Public()
  @Post('login')
  @ApiOperation({ summary: 'OIDC third-party login initiation (form post); redirects to the platform' })
  loginPost(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.login(stringParams(request.query, request.body), request, reply);
  }

  private async login(params: Record<string, string>, request: FastifyRequest, reply: FastifyReply): Promise<void> {
    try {
      const result = await this.lti.login({ params, context: requestContext(request) });
      // The state is bound to this browser: the launch must bring the same secret back. SameSite=None
      // because the platform posts the launch from its own site (inside its frame).
      const cookie = [
        `${COOKIE_PREFIX}${result.state}=${encodeURIComponent(result.browserKey)}`,
        `Path=${LAUNCH_PATH}`,
        `Max-Age=${result.maxAgeSeconds}`,
        'HttpOnly',
        'SameSite=None',
        'Secure',
      ].join('; ');
      if (result.storageTarget) {
        // The platform offers its storage frame: keep the secret there too (the cookie may be blocked in its frame).
        void reply.header('set-cookie', cookie);
        sendStoragePage(reply, { mode: 'put', target: result.storageTarget, origin: result.platformOrigin, key: storageKey(result.state), value: result.browserKey, redirect: result.redirectUrl });
        return;
      }
      void reply.code(302).header('set-cookie', cookie).header('cache-control', 'no-store').header('location', result.redirectUrl).send();
    } catch (error) {
      this.refused(reply, error);
    }
  }

  @Public()
  @Get('register')
  @ApiOperation({ summary: 'LTI Dynamic Registration 1.0: the URL an LMS admin pastes; the LMS opens it with openid_configuration and registration_token' })
  async register(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const query = stringParams(request.query);
    try {
      if (!this.config.LTI_DYNAMIC_REGISTRATION) {
        throw new HttpException('Dynamic registration is turned off on this server: ask its administrator to register your LMS.', 403);
      }
      if (!query['openid_configuration']) {
        throw new HttpException('Open this URL from your LMS\'s tool registration screen: it needs the openid_configuration parameter the LMS adds.', 400);
      }
      const result = await this.lti.dynamicRegister({
        openidConfiguration: query['openid_configuration'],
        registrationToken: query['registration_token'] ?? null,
        context: requestContext(request),
      });
      sendRegistrationDonePage(reply, result.platform.name, result.platform.clientId);
    } catch (error) {
      this.refused(reply, error, 'The registration was refused');
    }
  }

  @Public()
  @Post('launch')
  @ApiOperation({ summary: "The platform's launch (form post of id_token and state); redirects to the lesson, or a page saying why it was refused" })
  async launch(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const form = stringParams(request.body);
    const state = form['state'] ?? '';
    const cookieName = `${COOKIE_PREFIX}${state}`;
    try {
      const validState = /^[A-Za-z0-9_-]{1,64}$/.test(state);
      const cookie = validState ? readCookie(request.headers.cookie, cookieName) : null;
      const stored = form['lti_storage_value'];
      if (validState && !cookie && stored === undefined) {
        // No cookie came back (blocked in the LMS's frame): read the secret from the platform's storage frame, then post again.
        const storage = await this.lti.launchStorage(state);
        if (storage.storageTarget && storage.platformOrigin) {
          sendStoragePage(reply, { mode: 'get', target: storage.storageTarget, origin: storage.platformOrigin, key: storageKey(state), idToken: form['id_token'] ?? '', state });
          return;
        }
      }
      const result = await this.lti.launch({
        idToken: form['id_token'] ?? '',
        state,
        browserKey: cookie ?? (stored ? stored : null),
        context: requestContext(request),
      });
      const clear = `${cookieName}=; Path=${LAUNCH_PATH}; Max-Age=0; HttpOnly; SameSite=None; Secure`;
      const location = (await this.instructorSignIn(result, requestContext(request))) ?? result.redirectTo;
      void reply.code(303).header('set-cookie', clear).header('cache-control', 'no-store').header('location', location).send();
    } catch (error) {
      this.refused(reply, error);
    }
  }

  /**
   * A verified instructor launch whose LTI identity is linked to the VeoLearn account that owns the
   * lesson: a session for that account (issued by the auth-service), reaching the page as a one-time
   * code, and the creator view (the question editor) as the destination. The account id comes from
   * the lti-service's link, never from the client. Anything else (no link, another owner's lesson,
   * an administrator account, a service failing) keeps the launch's own page without a session.
   */
  private async instructorSignIn(result: LtiLaunchReply, context: RequestContext): Promise<string | null> {
    const link = result.linkedAccount;
    if (!link || result.role !== 'instructor' || result.messageType !== 'LtiResourceLinkRequest' || !result.videoId) return null;
    try {
      if (!(await this.owns(link.userId, result.videoId))) return null;
      const session = await this.auth.ltiSignIn({ userId: link.userId, linkId: link.linkId, issuer: link.issuer, videoId: result.videoId, context });
      const code = await this.codes.issue(session.token);
      return `/edit-questions/${result.videoId}?lti=${encodeURIComponent(result.launchToken)}&lti_code=${encodeURIComponent(code)}`;
    } catch (error) {
      this.logger.warn(`Instructor launch without a session: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    }
  }

  /** Whether the account owns the lesson (the library answers 404 for anyone else's). */
  private async owns(userId: number, videoId: number): Promise<boolean> {
    try {
      // The library reads only the owner's id for this lookup.
      await this.videos.getVideo({ owner: { userId, entitlements: LOOKUP_ENTITLEMENTS }, videoId });
      return true;
    } catch (error) {
      if (error instanceof HttpException && error.getStatus() === 404) return false;
      throw error;
    }
  }

  @Public()
  @Post('session')
  @HttpCode(200)
  @Header('cache-control', 'no-store')
  @ApiOperation({ summary: "Exchange the one-time code of an instructor's launch (?lti_code=) for the session token (once, within a minute)" })
  async session(@Body() dto: LtiSessionExchangeDto): Promise<{ token: string }> {
    const token = await this.codes.redeem(dto.code);
    if (!token) throw new BadRequestException('The LMS sign-in code expired or was already used. Open the lesson again from your LMS.');
    return { token };
  }

  @Post('link')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiHeader({ name: 'X-LTI-Launch', required: true, description: "The instructor's launch token" })
  @ApiOperation({ summary: "Links the instructor's LMS account to the signed-in VeoLearn account, which must own the launched lesson" })
  async link(@Req() request: FastifyRequest, @CurrentPrincipal() principal: Principal): Promise<LtiAccountLinkView> {
    const token = launchToken(request);
    if (!token) throw new UnauthorizedException('Linking needs the LMS launch (X-LTI-Launch header missing).');
    const launch = await this.lti.context(token);
    if (!launch.ltiActive) throw new UnauthorizedException('This LMS launch is unknown or has expired. Open the lesson again from your LMS.');
    const videoId = launch.videoId ?? null;
    const ownsLesson = videoId !== null && (await this.owns(principal.userId, videoId));
    return this.lti.linkAccount({ launchToken: token, userId: principal.userId, ownsLesson, videoId, via: 'launch', context: requestContext(request) });
  }

  private refused(reply: FastifyReply, error: unknown, title?: string): void {
    if (error instanceof HttpException) {
      const response = error.getResponse();
      const message = typeof response === 'string' ? response : String((response as { message?: unknown }).message ?? error.message);
      sendLtiErrorPage(reply, error.getStatus(), message, title);
      return;
    }
    sendLtiErrorPage(reply, 502, 'The LTI service could not be reached. Please try again in a moment.');
  }

  @Post('deep-link/response')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiHeader({ name: 'X-LTI-Launch', required: true, description: 'The deep linking launch token' })
  @ApiOperation({ summary: "An instructor's pick on the deep linking page: one of their lessons as a signed LtiDeepLinkingResponse to post to the platform" })
  async deepLinkResponse(@Body() dto: DeepLinkChoiceDto, @Req() request: FastifyRequest, @CurrentPrincipal() principal: Principal): Promise<DeepLinkResponseReply> {
    const token = launchToken(request);
    if (!token) throw new UnauthorizedException('Adding a lesson needs the LMS deep linking launch (X-LTI-Launch header missing).');
    // The signed-in user's own lesson only (404 for anyone else's, and the refused link is recorded).
    const context = requestContext(request);
    const video = await this.videos.getVideo({ owner: ownerOf(principal), videoId: dto.videoId }).catch(async (error: unknown) => {
      if (error instanceof HttpException && error.getStatus() === 404) {
        await this.lti.linkAccount({ launchToken: token, userId: principal.userId, ownsLesson: false, videoId: dto.videoId, via: 'deep_link', context }).catch(() => undefined);
      }
      throw error;
    });
    const response = await this.lti.deepLinkResponse({ launchToken: token, lesson: { id: video.id, title: video.title, questionCount: video.questionCount } });
    // The instructor picked their own lesson: their LMS account now stands for this VeoLearn account.
    await this.lti.linkAccount({ launchToken: token, userId: principal.userId, ownsLesson: true, videoId: video.id, via: 'deep_link', context });
    return response;
  }

  @Public()
  @Get('context')
  @ApiHeader({ name: 'X-LTI-Launch', required: false, description: 'The launch token from the launch redirect' })
  @ApiOperation({ summary: 'The active LMS context of a launch: {ltiActive, course: {name}}; ltiActive false without one' })
  context(@Req() request: FastifyRequest): Promise<LtiContextView> {
    return this.lti.context(launchToken(request));
  }

  @Public()
  @Post('submit-grade')
  @HttpCode(200)
  @ApiHeader({ name: 'X-LTI-Launch', required: true, description: 'The launch token from the launch redirect' })
  @ApiOperation({ summary: "Stores a learner's grade for their LMS launch, then sends it to the LMS (Assignment and Grade Services)" })
  submitGrade(@Body() dto: SubmitLtiGradeDto, @Req() request: FastifyRequest): Promise<SubmitGradeReply> {
    const token = launchToken(request);
    if (!token) throw new UnauthorizedException('This grade needs an LMS launch: open the lesson from your LMS (X-LTI-Launch header missing).');
    return this.lti.submitGrade({
      launchToken: token,
      grade: {
        videoId: dto.videoId,
        totalInteractions: dto.totalInteractions,
        completedInteractions: dto.completedInteractions,
        score: dto.score,
        timeSpent: dto.timeSpent,
        isVR: dto.isVR ?? false,
      },
    });
  }
}
