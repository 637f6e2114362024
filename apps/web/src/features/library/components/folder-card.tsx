import { Folder, MoreVertical, Pencil, Trash2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { cn } from '../../../lib/utils';
import type { FolderView } from '../api/library-api';

function countLabel(folder: FolderView): string {
  const parts = [`${folder.videoCount} ${folder.videoCount === 1 ? 'video' : 'videos'}`];
  if (folder.folderCount > 0) parts.push(`${folder.folderCount} ${folder.folderCount === 1 ? 'folder' : 'folders'}`);
  return parts.join(', ');
}

export function FolderCard({
  folder,
  layout,
  onOpen,
  onRename,
  onDelete,
}: {
  folder: FolderView;
  layout: 'grid' | 'list';
  onOpen: (folder: FolderView) => void;
  onRename: (folder: FolderView) => void;
  onDelete: (folder: FolderView) => void;
}) {
  return (
    <Card
      data-testid="folder-card"
      className={cn(
        'group relative flex items-center gap-3 border-l-4 transition-shadow hover:shadow-md',
        layout === 'grid' ? 'p-4' : 'p-3',
      )}
      style={{ borderLeftColor: folder.color }}
    >
      <button
        type="button"
        onClick={() => onOpen(folder)}
        className="flex min-w-0 flex-1 items-center gap-3 text-left after:absolute after:inset-0 after:content-[''] focus-visible:outline-none"
      >
        <span
          className="flex size-10 shrink-0 items-center justify-center rounded-lg"
          style={{ backgroundColor: `${folder.color}1f`, color: folder.color }}
        >
          <Folder className="size-5" fill="currentColor" fillOpacity={0.25} aria-hidden="true" />
        </span>
        <span className="min-w-0">
          {/* The name read out contains the visible text (WCAG 2.5.3, label in name). */}
          <span className="sr-only">Open folder </span>
          <span className="block truncate font-medium">{folder.name}</span>
          <span className="block text-xs text-muted-foreground">{countLabel(folder)}</span>
        </span>
      </button>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" className="relative z-10" aria-label={`Folder actions for ${folder.name}`}>
            <MoreVertical aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem onSelect={() => onRename(folder)}>
            <Pencil aria-hidden="true" /> Rename
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => onDelete(folder)} className="text-destructive focus:text-destructive">
            <Trash2 aria-hidden="true" /> Delete
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </Card>
  );
}
