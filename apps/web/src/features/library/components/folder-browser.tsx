import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ChevronRight, FolderPlus, LayoutGrid, List, Plus } from 'lucide-react';
import { Button, buttonVariants } from '../../../components/ui/button';
import { cn } from '../../../lib/utils';
import { routes } from '../../../app/routes';
import type { FolderId, FolderView, VideoView } from '../api/library-api';
import { useAllFoldersQuery, useFoldersQuery, useVideosQuery } from '../hooks/use-library';
import { AddYoutubeForm } from './add-youtube-form';
import { DeleteFolderDialog, NewFolderDialog, RenameFolderDialog } from './folder-dialogs';
import { FolderCard } from './folder-card';
import { EmptyFolder, ErrorCard, ListSkeleton, SignInRequired } from './library-states';
import { DeleteVideoDialog, ExportDialog } from './video-dialogs';
import { VideoCard } from './video-card';

export const HOME_LABEL = 'Video Projects';

function parseFolder(value: string | null): FolderId {
  const id = Number(value);
  return value && Number.isInteger(id) && id > 0 ? id : null;
}

/** The chain from Home to `current`, using the list of every folder. */
function folderPath(current: FolderId, all: FolderView[]): FolderView[] {
  const byId = new Map(all.map((f) => [f.id, f]));
  const path: FolderView[] = [];
  let cursor = current === null ? undefined : byId.get(current);
  while (cursor && path.length < 50) {
    path.unshift(cursor);
    cursor = cursor.parentId === null ? undefined : byId.get(cursor.parentId);
  }
  return path;
}

export function FolderBrowser() {
  const [params, setParams] = useSearchParams();
  const current = parseFolder(params.get('folder'));
  const [layout, setLayout] = useState<'grid' | 'list'>('grid');
  const [newFolderOpen, setNewFolderOpen] = useState(false);
  const [renaming, setRenaming] = useState<FolderView | null>(null);
  const [deletingFolder, setDeletingFolder] = useState<FolderView | null>(null);
  const [deletingVideo, setDeletingVideo] = useState<VideoView | null>(null);
  const [exporting, setExporting] = useState<VideoView | null>(null);

  const folders = useFoldersQuery(current);
  const videos = useVideosQuery(current);
  const allFolders = useAllFoldersQuery();
  const all = useMemo(() => allFolders.data ?? [], [allFolders.data]);
  const path = useMemo(() => folderPath(current, all), [current, all]);
  const currentName = path.at(-1)?.name ?? HOME_LABEL;

  function open(folder: FolderId) {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (folder === null) next.delete('folder');
        else next.set('folder', String(folder));
        return next;
      },
      { replace: false },
    );
  }

  if (folders.data === null || videos.data === null) return <SignInRequired />;

  const parentOf = (folder: FolderView | null) => {
    if (!folder || folder.parentId === null) return HOME_LABEL;
    return all.find((f) => f.id === folder.parentId)?.name ?? 'the parent folder';
  };

  const loading = folders.isPending || videos.isPending;
  const failed = folders.isError ? folders : videos.isError ? videos : null;
  const folderList = folders.data ?? [];
  const videoList = videos.data?.items ?? [];
  const empty = !loading && !failed && folderList.length === 0 && videoList.length === 0;

  return (
    <section aria-label="My videos" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <nav aria-label="Breadcrumb" className="min-w-0">
          <ol className="flex flex-wrap items-center gap-1 text-sm">
            <li>
              {current === null ? (
                <span className="font-semibold" aria-current="page">
                  {HOME_LABEL}
                </span>
              ) : (
                <button type="button" className="text-muted-foreground hover:text-foreground hover:underline" onClick={() => open(null)}>
                  {HOME_LABEL}
                </button>
              )}
            </li>
            {path.map((folder, index) => (
              <li key={folder.id} className="flex min-w-0 items-center gap-1">
                <ChevronRight className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                {index === path.length - 1 ? (
                  <span className="truncate font-semibold" aria-current="page">
                    {folder.name}
                  </span>
                ) : (
                  <button
                    type="button"
                    className="truncate text-muted-foreground hover:text-foreground hover:underline"
                    onClick={() => open(folder.id)}
                  >
                    {folder.name}
                  </button>
                )}
              </li>
            ))}
          </ol>
        </nav>
        <div className="flex flex-wrap items-center gap-2">
          <div className="flex rounded-md border p-0.5" role="group" aria-label="Layout">
            <Button
              variant={layout === 'grid' ? 'secondary' : 'ghost'}
              size="icon"
              className="size-8"
              aria-label="Grid view"
              aria-pressed={layout === 'grid'}
              onClick={() => setLayout('grid')}
            >
              <LayoutGrid aria-hidden="true" />
            </Button>
            <Button
              variant={layout === 'list' ? 'secondary' : 'ghost'}
              size="icon"
              className="size-8"
              aria-label="List view"
              aria-pressed={layout === 'list'}
              onClick={() => setLayout('list')}
            >
              <List aria-hidden="true" />
            </Button>
          </div>
          <Button variant="outline" onClick={() => setNewFolderOpen(true)}>
            <FolderPlus aria-hidden="true" />
            New Folder
          </Button>
          <Link to={routes.create} className={buttonVariants()}>
            <Plus aria-hidden="true" />
            New Video
          </Link>
        </div>
      </div>

      {loading ? (
        <ListSkeleton />
      ) : failed ? (
        <ErrorCard
          title="Your library could not be loaded"
          error={failed.error}
          onRetry={() => {
            void folders.refetch();
            void videos.refetch();
          }}
        />
      ) : empty ? (
        <EmptyFolder atHome={current === null} />
      ) : (
        <>
          {folderList.length > 0 && (
            <div
              className={cn('grid gap-3', layout === 'grid' ? 'sm:grid-cols-2 lg:grid-cols-3' : 'grid-cols-1')}
              aria-label="Folders"
              role="list"
            >
              {folderList.map((folder) => (
                <div role="listitem" key={folder.id}>
                  <FolderCard
                    folder={folder}
                    layout={layout}
                    onOpen={(f) => open(f.id)}
                    onRename={setRenaming}
                    onDelete={setDeletingFolder}
                  />
                </div>
              ))}
            </div>
          )}
          {videoList.length > 0 && (
            <div
              className={cn('grid gap-4', layout === 'grid' ? 'sm:grid-cols-2 lg:grid-cols-3' : 'grid-cols-1')}
              aria-label="Videos"
              role="list"
            >
              {videoList.map((video) => (
                <div role="listitem" key={video.id}>
                  <VideoCard
                    video={video}
                    folders={all}
                    layout={layout}
                    onDelete={setDeletingVideo}
                    onExport={setExporting}
                  />
                </div>
              ))}
            </div>
          )}
        </>
      )}

      <AddYoutubeForm folderId={current} folderName={currentName} />

      <NewFolderDialog open={newFolderOpen} onOpenChange={setNewFolderOpen} parentId={current} />
      <RenameFolderDialog folder={renaming} onClose={() => setRenaming(null)} />
      <DeleteFolderDialog folder={deletingFolder} parentName={parentOf(deletingFolder)} onClose={() => setDeletingFolder(null)} />
      <DeleteVideoDialog video={deletingVideo} onClose={() => setDeletingVideo(null)} />
      <ExportDialog video={exporting} onClose={() => setExporting(null)} />
    </section>
  );
}
