import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  Equals,
  IsIn,
  IsBoolean,
  IsEmail,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  MinLength,
} from 'class-validator';
import {
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
  USERNAME_PATTERN,
  PLANS,
  SUBSCRIPTION_STATUSES,
  type Plan,
  type SubscriptionStatus,
} from '@veolearn/domain';
import { MatchesProperty } from './matches-property.validator';
import { NoControlCharacters } from './no-control-characters.validator';

// class-validator runs a property's decorators bottom-up and the pipe stops at the first
// failure, so the most basic check (present, then text) sits closest to the property.
export class SignUpDto {
  @ApiProperty({ example: 'ada' })
  @Matches(USERNAME_PATTERN, { message: 'Username may contain only letters, digits, dots, dashes and underscores' })
  @MaxLength(USERNAME_MAX_LENGTH, { message: `Username must be at most ${USERNAME_MAX_LENGTH} characters` })
  @MinLength(USERNAME_MIN_LENGTH, { message: `Username must be at least ${USERNAME_MIN_LENGTH} characters` })
  @IsString({ message: 'Username must be text' })
  @IsNotEmpty({ message: 'Username is required' })
  username!: string;

  @ApiProperty({ example: 'ada@example.com' })
  @IsEmail({}, { message: 'E-mail must be a valid e-mail address' })
  @MaxLength(EMAIL_MAX_LENGTH, { message: `E-mail must be at most ${EMAIL_MAX_LENGTH} characters` })
  @IsString({ message: 'E-mail must be text' })
  @IsNotEmpty({ message: 'E-mail is required' })
  email!: string;

  @ApiProperty({ minLength: PASSWORD_MIN_LENGTH })
  @MaxLength(PASSWORD_MAX_LENGTH, { message: `Password must be at most ${PASSWORD_MAX_LENGTH} characters` })
  @MinLength(PASSWORD_MIN_LENGTH, { message: `Password must be at least ${PASSWORD_MIN_LENGTH} characters` })
  @IsString({ message: 'Password must be text' })
  @IsNotEmpty({ message: 'Password is required' })
  password!: string;

  @ApiProperty()
  @MatchesProperty('password', { message: 'Passwords do not match' })
  @IsString({ message: 'Password confirmation must be text' })
  @IsNotEmpty({ message: 'Please confirm your password' })
  confirmPassword!: string;

  @ApiPropertyOptional()
  @NoControlCharacters('First name')
  @MaxLength(NAME_MAX_LENGTH, { message: `First name must be at most ${NAME_MAX_LENGTH} characters` })
  @IsString({ message: 'First name must be text' })
  @IsOptional()
  firstName?: string;

  @ApiPropertyOptional()
  @NoControlCharacters('Last name')
  @MaxLength(NAME_MAX_LENGTH, { message: `Last name must be at most ${NAME_MAX_LENGTH} characters` })
  @IsString({ message: 'Last name must be text' })
  @IsOptional()
  lastName?: string;

  @ApiProperty({ example: true })
  @Equals(true, { message: 'You must accept the terms of service and privacy policy' })
  @IsBoolean({ message: 'You must accept the terms of service and privacy policy' })
  acceptTerms!: boolean;
}

/** The web sends the e-mail in the `username` field. */
export class SignInDto {
  @ApiProperty({ description: 'The e-mail address', example: 'ada@example.com' })
  @NoControlCharacters('E-mail')
  @MaxLength(EMAIL_MAX_LENGTH, { message: `E-mail must be at most ${EMAIL_MAX_LENGTH} characters` })
  @IsString({ message: 'E-mail must be text' })
  @IsNotEmpty({ message: 'Please fill in all fields' })
  username!: string;

  @ApiProperty()
  @MaxLength(PASSWORD_MAX_LENGTH, { message: `Password must be at most ${PASSWORD_MAX_LENGTH} characters` })
  @IsString({ message: 'Password must be text' })
  @IsNotEmpty({ message: 'Please fill in all fields' })
  password!: string;
}

export class UpdateProfileDto {
  @ApiPropertyOptional()
  @Matches(USERNAME_PATTERN, { message: 'Username may contain only letters, digits, dots, dashes and underscores' })
  @MaxLength(USERNAME_MAX_LENGTH, { message: `Username must be at most ${USERNAME_MAX_LENGTH} characters` })
  @MinLength(USERNAME_MIN_LENGTH, { message: `Username must be at least ${USERNAME_MIN_LENGTH} characters` })
  @IsString({ message: 'Username must be text' })
  @IsOptional()
  username?: string;

  @ApiPropertyOptional({ nullable: true })
  @NoControlCharacters('First name')
  @MaxLength(NAME_MAX_LENGTH, { message: `First name must be at most ${NAME_MAX_LENGTH} characters` })
  @IsString({ message: 'First name must be text' })
  @IsOptional()
  firstName?: string | null;

  @ApiPropertyOptional({ nullable: true })
  @NoControlCharacters('Last name')
  @MaxLength(NAME_MAX_LENGTH, { message: `Last name must be at most ${NAME_MAX_LENGTH} characters` })
  @IsString({ message: 'Last name must be text' })
  @IsOptional()
  lastName?: string | null;
}

/** Admin only: change a user's plan, status or unlimited flag (no payment provider yet). */
export class UpdateSubscriptionDto {
  @ApiPropertyOptional({ enum: PLANS })
  @IsIn(PLANS, { message: `plan must be one of ${PLANS.join(', ')}` })
  @IsOptional()
  plan?: Plan;

  @ApiPropertyOptional({ enum: SUBSCRIPTION_STATUSES })
  @IsIn(SUBSCRIPTION_STATUSES, { message: `subscriptionStatus must be one of ${SUBSCRIPTION_STATUSES.join(', ')}` })
  @IsOptional()
  subscriptionStatus?: SubscriptionStatus;

  @ApiPropertyOptional()
  @IsBoolean({ message: 'hasUnlimitedAccess must be true or false' })
  @IsOptional()
  hasUnlimitedAccess?: boolean;
}

/** POST /api/auth/google/exchange: the one-time code /auth/callback received after Google sign-in. */
export class GoogleExchangeDto {
  @ApiProperty({ description: 'The one-time code from /auth/callback?code=' })
  @MaxLength(128, { message: 'The sign-in code is not valid' })
  @IsString({ message: 'The sign-in code is not valid' })
  @IsNotEmpty({ message: 'The sign-in code is missing' })
  code!: string;
}
