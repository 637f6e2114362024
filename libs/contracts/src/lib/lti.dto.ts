import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsDefined, IsInt, IsNotEmpty, IsNumber, IsOptional, IsString, IsUrl, Max, MaxLength, Min, MinLength } from 'class-validator';

const URL_OPTIONS = { require_tld: false, require_protocol: true, protocols: ['http', 'https'] };

// Decorators run bottom-up; the most basic check sits closest to the property.
export class RegisterLtiPlatformDto {
  @ApiPropertyOptional({ description: 'A name for admins (defaults to the issuer host)' })
  @MaxLength(200, { message: 'name must be at most 200 characters' })
  @IsString({ message: 'name must be text' })
  @IsOptional()
  name?: string;

  @ApiProperty({ description: "The platform's issuer (iss of its id_tokens)", example: 'https://canvas.instructure.com' })
  @MaxLength(500, { message: 'issuer must be at most 500 characters' })
  @IsUrl(URL_OPTIONS, { message: 'issuer must be an http(s) URL' })
  @IsDefined({ message: 'issuer is required' })
  issuer!: string;

  @ApiProperty({ description: 'The client id the platform gave this tool' })
  @MaxLength(255, { message: 'clientId must be at most 255 characters' })
  @MinLength(1, { message: 'clientId must not be empty' })
  @IsString({ message: 'clientId must be text' })
  @IsDefined({ message: 'clientId is required' })
  clientId!: string;

  @ApiProperty({ type: [String], description: 'The deployment ids launches may carry' })
  @MaxLength(255, { each: true, message: 'each deployment id must be at most 255 characters' })
  @MinLength(1, { each: true, message: 'a deployment id must not be empty' })
  @IsString({ each: true, message: 'each deployment id must be text' })
  @ArrayMaxSize(100, { message: 'at most 100 deployment ids' })
  @ArrayMinSize(1, { message: 'deploymentIds needs at least one deployment id' })
  @IsArray({ message: 'deploymentIds must be a list of deployment ids' })
  @IsDefined({ message: 'deploymentIds is required' })
  deploymentIds!: string[];

  @ApiProperty({ description: "The platform's OIDC authentication (authorization) endpoint" })
  @MaxLength(1000, { message: 'authLoginUrl must be at most 1000 characters' })
  @IsUrl(URL_OPTIONS, { message: 'authLoginUrl must be an http(s) URL' })
  @IsDefined({ message: 'authLoginUrl is required' })
  authLoginUrl!: string;

  @ApiProperty({ description: "The platform's OAuth 2 token endpoint (grade passback)" })
  @MaxLength(1000, { message: 'authTokenUrl must be at most 1000 characters' })
  @IsUrl(URL_OPTIONS, { message: 'authTokenUrl must be an http(s) URL' })
  @IsDefined({ message: 'authTokenUrl is required' })
  authTokenUrl!: string;

  @ApiProperty({ description: "The platform's public key set (JWKS) URL" })
  @MaxLength(1000, { message: 'keysetUrl must be at most 1000 characters' })
  @IsUrl(URL_OPTIONS, { message: 'keysetUrl must be an http(s) URL' })
  @IsDefined({ message: 'keysetUrl is required' })
  keysetUrl!: string;

  @ApiPropertyOptional({ description: "The token endpoint's audience when it is not its URL" })
  @MaxLength(1000, { message: 'tokenAudience must be at most 1000 characters' })
  @IsString({ message: 'tokenAudience must be text' })
  @IsOptional()
  tokenAudience?: string;
}

/** The spec's grade payload (players, VR player, attempt completion). `score` is a percentage. */
export class SubmitLtiGradeDto {
  @ApiProperty()
  @IsInt({ message: 'videoId must be a whole number' })
  @Min(1, { message: 'videoId must be a video id' })
  @IsDefined({ message: 'videoId is required' })
  videoId!: number;

  @ApiProperty()
  @Max(10_000, { message: 'totalInteractions must be at most 10000' })
  @Min(0, { message: 'totalInteractions must not be negative' })
  @IsInt({ message: 'totalInteractions must be a whole number' })
  @IsDefined({ message: 'totalInteractions is required' })
  totalInteractions!: number;

  @ApiProperty()
  @Max(10_000, { message: 'completedInteractions must be at most 10000' })
  @Min(0, { message: 'completedInteractions must not be negative' })
  @IsInt({ message: 'completedInteractions must be a whole number' })
  @IsDefined({ message: 'completedInteractions is required' })
  completedInteractions!: number;

  @ApiProperty({ description: 'Percentage, 0 to 100' })
  @Max(100, { message: 'score must be a percentage from 0 to 100' })
  @Min(0, { message: 'score must be a percentage from 0 to 100' })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'score must be a number' })
  @IsDefined({ message: 'score is required' })
  score!: number;

  @ApiProperty({ description: 'Seconds' })
  @Max(7 * 24 * 3600, { message: 'timeSpent must be at most a week of seconds' })
  @Min(0, { message: 'timeSpent must not be negative' })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'timeSpent must be a number of seconds' })
  @IsDefined({ message: 'timeSpent is required' })
  timeSpent!: number;

  @ApiPropertyOptional()
  @IsBoolean({ message: 'isVR must be true or false' })
  @IsOptional()
  isVR?: boolean;
}

/** The lesson an instructor picks on the deep linking page. */
export class DeepLinkChoiceDto {
  @ApiProperty()
  @Min(1, { message: 'videoId must be a video id' })
  @IsInt({ message: 'videoId must be a whole number' })
  @IsDefined({ message: 'videoId is required' })
  videoId!: number;
}

/** The one-time code an instructor's LTI launch put in `?lti_code=`, exchanged by the page for the session token. */
export class LtiSessionExchangeDto {
  @ApiProperty({ description: 'The one-time code from the launch redirect (?lti_code=)' })
  @MaxLength(128, { message: 'The sign-in code is not valid' })
  @IsString({ message: 'The sign-in code is not valid' })
  @IsNotEmpty({ message: 'The sign-in code is missing' })
  code!: string;
}
