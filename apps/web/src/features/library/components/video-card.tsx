import { useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { Link } from 'react-router-dom';
import { BarChart3, Edit3, FileVideo, Folder, Globe2, Home, Lock, MoreVertical, Pencil, Play, Share2, Sparkles, Trash2 } from 'lucide-react';
import { VIDEO_TITLE_MAX_LENGTH } from '@veolearn/domain';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonVariants } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/use-toast';
import { cn } from '../../../lib/utils';
import { routes } from '../../../app/routes';
import type { FolderId, FolderView, VideoView } from '../api/library-api';
import { useMoveVideoMutation, useRenameVideoMutation, useSharingMutation } from '../hooks/use-library';
import { serverMessage } from '../../../lib/session-client';
import { formatDate, formatDuration } from '../format';

const TYPE_LABEL: Record<VideoView['type'], string> = { youtube: 'YouTube', youtube_vr: 'YouTube VR', upload: 'Upload' };

function Thumbnail({ video, className }: { video: VideoView; className?: string }) {
  const [failed, setFailed] = useState(false);
  // YouTube's thumbnail, or an upload's poster frame (issue 15).
  const thumbnail = video.thumbnailUrl ?? video.posterUrl ?? null;
  return (
    <div className={cn('relative overflow-hidden bg-muted', className)}>
      {thumbnail && !failed ? (
        <img
          src={thumbnail}
          alt=""
          loading="lazy"
          onError={() => setFailed(true)}
          className="size-full object-cover"
        />
      ) : (
        <div className="flex size-full items-center justify-center bg-gradient-to-br from-primary/15 to-primary/5">
          <FileVideo className="size-8 text-primary/60" aria-hidden="true" />
        </div>
      )}
      {video.duration !== null && (
        <span className="absolute bottom-1.5 right-1.5 rounded bg-black/75 px-1.5 py-0.5 text-xs font-medium text-white">
          {formatDuration(video.duration)}
        </span>
      )}
    </div>
  );
}

/** The title, renamed in place: Enter saves, Escape cancels, leaving the field saves when the text changed. */
function VideoTitle({
  video,
  editing,
  autoFocus,
  inputRef,
  onStartEditing,
  onDone,
}: {
  video: VideoView;
  editing: boolean;
  autoFocus: boolean;
  inputRef: RefObject<HTMLInputElement | null>;
  onStartEditing: () => void;
  onDone: () => void;
}) {
  const [draft, setDraft] = useState(video.title);
  const cancelled = useRef(false);
  const rename = useRenameVideoMutation({
    onSuccess: () => toast({ title: 'Video updated' }),
    onError: () => {
      setDraft(video.title);
      toast({ variant: 'destructive', title: 'Failed to update video title. Please try again.' });
    },
  });

  function save() {
    const title = draft.trim();
    onDone();
    if (!title || title === video.title) {
      setDraft(video.title);
      return;
    }
    rename.mutate({ id: video.id, title });
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      save();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      cancelled.current = true;
      setDraft(video.title);
      onDone();
    }
  }

  if (editing) {
    return (
      <Input
        ref={inputRef}
        aria-label="Video title"
        value={draft}
        maxLength={VIDEO_TITLE_MAX_LENGTH}
        autoFocus={autoFocus}
        onFocus={(e) => {
          cancelled.current = false;
          e.currentTarget.select();
        }}
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={onKeyDown}
        onBlur={() => {
          if (!cancelled.current) save();
        }}
        className="h-8"
      />
    );
  }
  const shown = rename.isPending ? (rename.variables?.title ?? video.title) : video.title;
  return (
    <h3 className="truncate font-medium" title={`${shown} (double-click to rename)`} onDoubleClick={onStartEditing}>
      {shown}
    </h3>
  );
}

export interface VideoCardProps {
  video: VideoView;
  folders: FolderView[];
  layout: 'grid' | 'list';
  onDelete: (video: VideoView) => void;
  onExport: (video: VideoView) => void;
}

export function VideoCard({ video, folders, layout, onDelete, onExport }: VideoCardProps) {
  const [editing, setEditing] = useState<false | 'menu' | 'direct'>(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const move = useMoveVideoMutation({
    onSuccess: () => toast({ title: 'Video moved successfully' }),
    onError: () => toast({ variant: 'destructive', title: 'Failed to move video. Please try again.' }),
  });
  const sharing = useSharingMutation({
    onSuccess: (data) =>
      toast({
        title: (data as { published?: boolean } | null)?.published ? 'Lesson shared' : 'Lesson is private',
        description: (data as { published?: boolean } | null)?.published ? 'Anyone with the link can play it now.' : 'Only you can play it now.',
      }),
    onError: (error) => toast({ variant: 'destructive', title: 'Sharing not changed', description: serverMessage(error) ?? 'Please try again.' }),
  });
  const targets = folders.filter((f) => f.id !== video.folder);
  // A video with no questions yet (added by link, or a generation that failed) gets them from the wizard, as itself.
  const needsQuestions = video.questionCount === 0 && video.status !== 'processing';
  const generateLink = `${routes.create}?for=${video.id}`;

  function moveTo(folderId: FolderId) {
    move.mutate({ id: video.id, folderId });
  }

  const title = (
    <VideoTitle
      video={video}
      editing={editing !== false}
      autoFocus={editing === 'direct'}
      inputRef={inputRef}
      onStartEditing={() => setEditing('direct')}
      onDone={() => setEditing(false)}
    />
  );

  const meta = (
    <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
      <span>
        {video.questionCount} {video.questionCount === 1 ? 'question' : 'questions'}
      </span>
      <span aria-hidden="true">·</span>
      <span title="Duration">{formatDuration(video.duration)}</span>
      <span aria-hidden="true">·</span>
      <span>Created {formatDate(video.createdAt)}</span>
      {!video.published && (
        <>
          <span aria-hidden="true">·</span>
          <span className="inline-flex items-center gap-1 font-medium text-amber-700" title="Only you can play it until you share it">
            <Lock className="size-3" aria-hidden="true" /> Private
          </span>
        </>
      )}
    </p>
  );

  const menu = (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={`More actions for ${video.title}`}>
          <MoreVertical aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent
        align="end"
        className="w-52"
        onCloseAutoFocus={(event) => {
          // Renaming from the menu: focus goes to the title field, not back to the menu button.
          if (editing !== 'menu') return;
          event.preventDefault();
          inputRef.current?.focus();
        }}
      >
        {needsQuestions && (
          <DropdownMenuItem asChild>
            <Link to={generateLink}>
              <Sparkles aria-hidden="true" /> Generate questions
            </Link>
          </DropdownMenuItem>
        )}
        <DropdownMenuItem onSelect={() => setEditing('menu')}>
          <Pencil aria-hidden="true" /> Rename
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => sharing.mutate({ id: video.id, published: !video.published })} disabled={sharing.isPending}>
          {video.published ? <Lock aria-hidden="true" /> : <Globe2 aria-hidden="true" />} {video.published ? 'Make private' : 'Share by link'}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => onExport(video)}>
          <Share2 aria-hidden="true" /> Export
        </DropdownMenuItem>
        {!needsQuestions && (
          <DropdownMenuItem asChild>
            <Link to={routes.lessonResults(video.id)}>
              <BarChart3 aria-hidden="true" /> Results
            </Link>
          </DropdownMenuItem>
        )}
        <DropdownMenuSeparator />
        <DropdownMenuLabel className="text-xs font-medium text-muted-foreground">Move to</DropdownMenuLabel>
        {video.folder !== null && (
          <DropdownMenuItem onSelect={() => moveTo(null)}>
            <Home aria-hidden="true" /> Home
          </DropdownMenuItem>
        )}
        {targets.map((folder) => (
          <DropdownMenuItem key={folder.id} onSelect={() => moveTo(folder.id)}>
            <Folder aria-hidden="true" style={{ color: folder.color }} /> <span className="truncate">{folder.name}</span>
          </DropdownMenuItem>
        ))}
        {video.folder === null && targets.length === 0 && (
          <DropdownMenuItem disabled>No folders yet</DropdownMenuItem>
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => onDelete(video)} className="text-destructive focus:text-destructive">
          <Trash2 aria-hidden="true" /> Delete
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );

  const actions = (
    <div className="flex items-center gap-1">
      <Link to={routes.play(video.id)} className={buttonVariants({ size: 'sm' })} aria-label={`Play ${video.title}`}>
        <Play aria-hidden="true" /> Play
      </Link>
      {needsQuestions ? (
        <Link to={generateLink} className={buttonVariants({ size: 'sm', variant: 'outline' })} aria-label={`Generate questions for ${video.title}`}>
          <Sparkles aria-hidden="true" /> Generate
        </Link>
      ) : (
        <Link
          to={routes.editQuestions(video.id)}
          className={buttonVariants({ size: 'sm', variant: 'outline' })}
          aria-label={`Edit questions of ${video.title}`}
        >
          <Edit3 aria-hidden="true" /> Edit
        </Link>
      )}
      {menu}
    </div>
  );

  if (layout === 'list') {
    return (
      <Card data-testid="video-card" className="flex flex-wrap items-center gap-3 p-3 sm:flex-nowrap">
        <Thumbnail video={video} className="aspect-video w-28 shrink-0 rounded-md" />
        <div className="min-w-0 flex-1">
          {title}
          {meta}
        </div>
        <Badge variant="outline" className="hidden md:inline-flex">
          {TYPE_LABEL[video.type]}
        </Badge>
        {actions}
      </Card>
    );
  }

  return (
    <Card data-testid="video-card" className="flex flex-col overflow-hidden">
      <Thumbnail video={video} className="aspect-video w-full" />
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="min-w-0">
          {title}
          {meta}
        </div>
        <div className="mt-auto flex items-center justify-between gap-2">
          <Badge variant="outline">{TYPE_LABEL[video.type]}</Badge>
          {actions}
        </div>
      </div>
    </Card>
  );
}
