import { Body, Controller, Delete, Get, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import {
  CreateFolderDto,
  type DeleteFolderResult,
  type FolderView,
  ListFoldersQuery,
  type Principal,
  UpdateFolderDto,
} from '@veolearn/contracts';
import { CurrentPrincipal } from '../auth/auth.decorators';
import { VideoClient } from '../services/video-client';
import { IdParam, folderSelector, ownerOf } from './library-http';

const ID_PARAM = { name: 'id', type: Number, description: 'A positive whole number (400 otherwise)' };

@ApiTags('folders')
@ApiBearerAuth()
@Controller('folders')
export class FoldersController {
  constructor(private readonly videos: VideoClient) {}

  @Get()
  @ApiOperation({ summary: "Your folders by name: top level (parent=root), one folder's children, or all" })
  list(@CurrentPrincipal() principal: Principal, @Query() query: ListFoldersQuery): Promise<FolderView[]> {
    return this.videos.listFolders({ owner: ownerOf(principal), parent: folderSelector(query.parent) });
  }

  @Post()
  @ApiOperation({ summary: 'Create a folder' })
  create(@CurrentPrincipal() principal: Principal, @Body() dto: CreateFolderDto): Promise<FolderView> {
    return this.videos.createFolder({
      owner: ownerOf(principal),
      name: dto.name,
      parentId: dto.parentId ?? null,
      color: dto.color ?? '#3B82F6',
      icon: dto.icon ?? 'folder',
    });
  }

  @Put(':id')
  @ApiParam(ID_PARAM)
  @ApiOperation({ summary: 'Rename, recolour or move a folder (409 when moved into itself or a subfolder)' })
  update(@CurrentPrincipal() principal: Principal, @IdParam('Folder') id: number, @Body() dto: UpdateFolderDto): Promise<FolderView> {
    return this.videos.updateFolder({ owner: ownerOf(principal), folderId: id, name: dto.name, parentId: dto.parentId, color: dto.color, icon: dto.icon });
  }

  @Delete(':id')
  @ApiParam(ID_PARAM)
  @ApiOperation({ summary: "Delete a folder; its videos and subfolders move to the folder's parent" })
  remove(@CurrentPrincipal() principal: Principal, @IdParam('Folder') id: number): Promise<DeleteFolderResult> {
    return this.videos.deleteFolder({ owner: ownerOf(principal), folderId: id });
  }
}
