import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsDefined, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Matches, MaxLength, Min, ValidateIf } from 'class-validator';
import { FOLDER_COLOR_VALUES, FOLDER_NAME_MAX_LENGTH, type FolderColor, VIDEO_TITLE_MAX_LENGTH } from '@veolearn/domain';
import { NoControlCharacters } from './no-control-characters.validator';
import { PageNumberField, PageSizeField } from './paging.dto';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const FOLDER_SELECTOR = /^(root|[1-9][0-9]{0,9})$/;

// Decorators run bottom-up; the most basic check sits closest to the property.
export class CreateVideoDto {
  @ApiProperty({ description: 'A YouTube link (watch?v=, youtu.be, /shorts/, /embed/) or an 11-character video id' })
  @MaxLength(500, { message: 'The YouTube link is too long' })
  @IsNotEmpty({ message: 'A YouTube link is required' })
  @IsString({ message: 'The YouTube link must be text' })
  youtubeUrl!: string;

  @ApiProperty()
  @NoControlCharacters('The title')
  @MaxLength(VIDEO_TITLE_MAX_LENGTH, { message: `The title must be at most ${VIDEO_TITLE_MAX_LENGTH} characters` })
  @IsNotEmpty({ message: 'A title is required' })
  @Transform(trim)
  @IsString({ message: 'The title must be text' })
  title!: string;

  @ApiPropertyOptional({ nullable: true })
  @Min(1, { message: 'folderId must be a folder id or null' })
  @IsInt({ message: 'folderId must be a folder id or null' })
  @ValidateIf((_o, v) => v !== null && v !== undefined)
  folderId?: number | null;
}

export class RenameVideoDto {
  @ApiProperty()
  @NoControlCharacters('The title')
  @MaxLength(VIDEO_TITLE_MAX_LENGTH, { message: `The title must be at most ${VIDEO_TITLE_MAX_LENGTH} characters` })
  @IsNotEmpty({ message: 'The title cannot be empty' })
  @Transform(trim)
  @IsString({ message: 'The title must be text' })
  title!: string;
}

export class SharingDto {
  @ApiProperty({ description: 'true: anyone with the link may play the lesson; false: only you' })
  @IsBoolean({ message: 'published must be true or false' })
  @IsDefined({ message: 'Send {"published": true} to share the lesson or {"published": false} to make it private' })
  published!: boolean;
}

export class MoveVideoDto {
  @ApiProperty({ nullable: true, description: 'A folder id, or null for Home' })
  @Min(1, { message: 'folderId must be a folder id or null' })
  @IsInt({ message: 'folderId must be a folder id or null' })
  @ValidateIf((_o, v) => v !== null)
  folderId!: number | null;
}

export class CreateFolderDto {
  @ApiProperty()
  @NoControlCharacters('The folder name')
  @MaxLength(FOLDER_NAME_MAX_LENGTH, { message: `The folder name must be at most ${FOLDER_NAME_MAX_LENGTH} characters` })
  @IsNotEmpty({ message: 'The folder name cannot be empty' })
  @Transform(trim)
  @IsString({ message: 'The folder name must be text' })
  name!: string;

  @ApiPropertyOptional({ nullable: true })
  @Min(1, { message: 'parentId must be a folder id or null' })
  @IsInt({ message: 'parentId must be a folder id or null' })
  @ValidateIf((_o, v) => v !== null && v !== undefined)
  parentId?: number | null;

  @ApiPropertyOptional({ enum: FOLDER_COLOR_VALUES, default: FOLDER_COLOR_VALUES[0] })
  @IsIn(FOLDER_COLOR_VALUES, { message: `color must be one of ${FOLDER_COLOR_VALUES.join(', ')}` })
  @IsOptional()
  color?: FolderColor;

  @ApiPropertyOptional({ default: 'folder' })
  @Matches(/^[a-z0-9-]{1,40}$/, { message: 'icon must be an icon name such as "folder"' })
  @IsOptional()
  icon?: string;
}

export class UpdateFolderDto {
  @ApiPropertyOptional()
  @NoControlCharacters('The folder name')
  @MaxLength(FOLDER_NAME_MAX_LENGTH, { message: `The folder name must be at most ${FOLDER_NAME_MAX_LENGTH} characters` })
  @IsNotEmpty({ message: 'The folder name cannot be empty' })
  @Transform(trim)
  @IsString({ message: 'The folder name must be text' })
  @IsOptional()
  name?: string;

  @ApiPropertyOptional({ nullable: true, description: 'Move the folder: a folder id, or null for Home' })
  @Min(1, { message: 'parentId must be a folder id or null' })
  @IsInt({ message: 'parentId must be a folder id or null' })
  @ValidateIf((_o, v) => v !== null && v !== undefined)
  parentId?: number | null;

  @ApiPropertyOptional({ enum: FOLDER_COLOR_VALUES })
  @IsIn(FOLDER_COLOR_VALUES, { message: `color must be one of ${FOLDER_COLOR_VALUES.join(', ')}` })
  @IsOptional()
  color?: FolderColor;

  @ApiPropertyOptional()
  @Matches(/^[a-z0-9-]{1,40}$/, { message: 'icon must be an icon name such as "folder"' })
  @IsOptional()
  icon?: string;
}

export class ListVideosQuery {
  @ApiPropertyOptional({ description: "'root' for Home, a folder id, or omitted for every video" })
  @Matches(FOLDER_SELECTOR, { message: "folder must be 'root' or a folder id" })
  @IsOptional()
  folder?: string;

  @PageNumberField()
  page?: number;

  @PageSizeField(1000, 100)
  pageSize?: number;
}

export class ListFoldersQuery {
  @ApiPropertyOptional({ description: "'root' for top-level folders, a folder id for its children, omitted for all" })
  @Matches(FOLDER_SELECTOR, { message: "parent must be 'root' or a folder id" })
  @IsOptional()
  parent?: string;
}
