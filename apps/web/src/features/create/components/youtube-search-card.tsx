import type { FormEvent, KeyboardEvent } from 'react';
import { AlertTriangle, ChevronLeft, ChevronRight, Info, Loader2, Search, X } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Label } from '../../../components/ui/label';
import type { useYouTubeSearch } from '../hooks/use-youtube';
import { textareaClass } from './field-styles';

type SearchState = ReturnType<typeof useYouTubeSearch>;

function SearchNotice({ search, onPasteLink }: { search: SearchState; onPasteLink: () => void }) {
  const { notice } = search;
  if (!notice) return null;
  if (notice.kind === 'not-configured') {
    return (
      <div role="status" className="flex gap-3 rounded-lg border border-sky-200 bg-sky-50 p-3 text-sm text-sky-900" data-testid="search-not-configured">
        <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <div className="grid gap-1">
          <p className="font-medium">YouTube search is not set up on this server</p>
          <p>
            Searching needs a YouTube API key, which has not been added yet. Find the video on youtube.com and paste its link below
            instead — everything else works the same.
          </p>
          <Button variant="link" className="h-auto w-fit p-0 text-sky-900 underline" onClick={onPasteLink}>
            Paste a link instead
          </Button>
        </div>
      </div>
    );
  }
  if (notice.kind === 'empty') {
    return (
      <p role="status" className="rounded-lg bg-muted p-3 text-sm text-muted-foreground">
        No videos found for “{notice.query}”. Try other words, or paste a link below.
      </p>
    );
  }
  return (
    <p role="alert" className="flex gap-2 rounded-lg border border-destructive/30 bg-destructive/5 p-3 text-sm text-destructive">
      <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      {notice.message}
    </p>
  );
}

function ResultPager({ search }: { search: SearchState }) {
  const { results, index, show } = search;
  if (results.length === 0) return null;
  const current = results[index];
  return (
    <div className="grid gap-2 rounded-lg border bg-muted/40 p-3">
      <div className="flex items-center justify-between gap-2">
        <Button variant="outline" size="sm" onClick={() => show(index - 1)} disabled={index === 0} aria-label="Previous result">
          <ChevronLeft aria-hidden="true" />
          Previous
        </Button>
        <span className="text-sm font-medium tabular-nums" aria-live="polite" data-testid="result-position">
          {index + 1} of {results.length}
        </span>
        <Button variant="outline" size="sm" onClick={() => show(index + 1)} disabled={index >= results.length - 1} aria-label="Next result">
          Next
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
      {current && (
        <p className="truncate text-center text-xs text-muted-foreground" title={current.title}>
          {current.title}
          {current.channelTitle ? ` · ${current.channelTitle}` : ''}
        </p>
      )}
    </div>
  );
}

/** Search YouTube for a topic: Clear, Find Videos, and Previous/Next through the results. */
export function YouTubeSearchCard({ search, onPasteLink }: { search: SearchState; onPasteLink: () => void }) {
  const blank = search.query.trim() === '';

  function submit(event: FormEvent) {
    event.preventDefault();
    search.search();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter searches; Shift+Enter starts a new line.
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      search.search();
    }
  }

  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle as="h2" className="flex items-center gap-2 text-base">
          <Search className="size-4 text-primary" aria-hidden="true" />
          Search YouTube
        </CardTitle>
        <CardDescription>Describe the topic of your lesson. The best match is selected; browse the others with Previous and Next.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <form onSubmit={submit} className="grid gap-3" aria-label="Search YouTube">
          <Label htmlFor="youtube-search" className="sr-only">
            Search topic
          </Label>
          <textarea
            id="youtube-search"
            rows={3}
            value={search.query}
            onChange={(e) => search.setQuery(e.target.value)}
            onKeyDown={onKeyDown}
            placeholder="e.g. photosynthesis for high school biology"
            className={textareaClass}
          />
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="outline" onClick={search.clear} disabled={blank && search.results.length === 0 && !search.notice}>
              <X aria-hidden="true" />
              Clear
            </Button>
            <Button type="submit" disabled={blank || search.searching}>
              {search.searching ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Search aria-hidden="true" />}
              {search.searching ? 'Searching...' : 'Find Videos'}
            </Button>
          </div>
        </form>
        <SearchNotice search={search} onPasteLink={onPasteLink} />
        <ResultPager search={search} />
      </CardContent>
    </Card>
  );
}
