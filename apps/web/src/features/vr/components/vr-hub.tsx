import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { ArrowLeft, BookOpen, Compass, ExternalLink, Rotate3d, HardHat, Headset, Loader2, Search, Sparkles, Timer } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/use-toast';
import { routes } from '../../../app/routes';
import { cn } from '../../../lib/utils';
import { type SearchFailure, searchFailure, searchVrVideos, type VrSearchAnswer, type VrSearchResult } from '../api/vr-search-api';
import { foundMessage, VR_PRESETS, viewsText, vrQuery } from '../model/vr-search';

const PRESET_ICONS = [HardHat, BookOpen, Compass, Sparkles] as const;

const FEATURES = [
  { title: 'Question spheres', text: 'Each question of a lesson glows in the scene; look at it or click it to answer.' },
  { title: 'Headset or browser', text: 'Works in a WebXR headset, and on a laptop with mouse and keyboard (WASD to move).' },
  { title: 'Accessible', text: 'Larger text, high contrast, audio descriptions and a colour-blind palette, from the keyboard.' },
] as const;

const FAILURES: Record<SearchFailure, { title: string; text: string }> = {
  signIn: { title: 'Sign in to search', text: 'Searching YouTube for VR videos needs a VeoLearn account. Sign in, then search again.' },
  notConfigured: {
    title: 'YouTube search is not available here',
    text: 'This VeoLearn server has no YouTube API key, so it cannot search YouTube. Lessons you made still play in VR from their share page.',
  },
  failed: { title: 'Search Failed', text: 'Could not search VR content. Please try again.' },
};

function ResultCard({ video, selected, onSelect }: { video: VrSearchResult; selected: boolean; onSelect(): void }) {
  return (
    <li>
      <button
        type="button"
        onClick={onSelect}
        aria-pressed={selected}
        data-testid="vr-result"
        data-video-id={video.id}
        className={cn(
          'grid h-full w-full content-start gap-2 overflow-hidden rounded-xl border bg-card text-left shadow-sm transition-colors hover:border-primary focus-visible:outline-2 focus-visible:outline-ring',
          selected && 'border-primary ring-2 ring-primary',
        )}
      >
        <span className="relative flex aspect-video items-center justify-center bg-muted">
          <Rotate3d className="size-8 text-muted-foreground/50" aria-hidden="true" />
          {video.thumbnail ? (
            <img
              src={video.thumbnail}
              alt=""
              loading="lazy"
              className="absolute inset-0 size-full object-cover"
              // Offline or blocked thumbnails leave the placeholder, not a broken-image glyph.
              onError={(e) => {
                e.currentTarget.hidden = true;
              }}
            />
          ) : null}
          {video.isVR ? (
            <Badge className="absolute left-2 top-2 gap-1" data-testid="vr-badge">
              <Rotate3d className="size-3" aria-hidden="true" /> VR
            </Badge>
          ) : null}
          <span className="absolute bottom-2 right-2 rounded bg-black/75 px-1.5 py-0.5 text-xs font-medium text-white">{video.duration}</span>
        </span>
        <span className="grid gap-1 px-3 pb-3">
          <span className="line-clamp-2 font-medium break-words">{video.title}</span>
          <span className="truncate text-xs text-muted-foreground">{video.channelTitle}</span>
          <span className="text-xs text-muted-foreground">{viewsText(video.viewCount)}</span>
        </span>
      </button>
    </li>
  );
}

function SelectedPanel({ video }: { video: VrSearchResult | null }) {
  const launch = () => {
    if (video) window.open(routes.vrYoutube(video.id), '_blank', 'noopener');
  };
  return (
    <Card data-testid="vr-selected-panel">
      <CardHeader>
        <CardTitle as="h2" className="flex flex-wrap items-center gap-2 text-base">
          Selected VR Video
          {video ? <Badge variant="success">VR Ready</Badge> : null}
        </CardTitle>
        <CardDescription className="break-words">{video ? video.title : 'Choose a video from the results to launch it in VR.'}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {video ? (
          <p className="text-xs text-muted-foreground">
            {video.channelTitle} · {video.duration}
          </p>
        ) : null}
        <Button onClick={launch} disabled={!video}>
          <Headset aria-hidden="true" /> Launch VR Experience <ExternalLink aria-hidden="true" />
        </Button>
      </CardContent>
    </Card>
  );
}

export function VrSetupGuide({ onDone }: { onDone(): void }) {
  return (
    <main className="mx-auto grid max-w-3xl gap-6 px-4 py-8 sm:px-6">
      <button type="button" onClick={onDone} className="inline-flex items-center gap-1.5 justify-self-start text-sm font-medium text-muted-foreground hover:text-foreground">
        <ArrowLeft className="size-4" aria-hidden="true" /> Back to VR Learning
      </button>
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold">VR Setup Guide</h1>
        <p className="text-muted-foreground">A few minutes before the first lesson keep the session safe and comfortable.</p>
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle as="h2" className="text-base">Headset</CardTitle>
          </CardHeader>
          <CardContent>
            <ol className="grid list-decimal gap-2 pl-5 text-sm">
              <li>Charge the headset fully.</li>
              <li>Adjust the straps and the lens distance (IPD) until the picture is sharp.</li>
              <li>Clear a play area of about 2 × 2 m.</li>
            </ol>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle as="h2" className="text-base">Browser</CardTitle>
          </CardHeader>
          <CardContent>
            <ol className="grid list-decimal gap-2 pl-5 text-sm">
              <li>Use a browser with WebXR enabled (the headset's own browser, or Chrome or Edge on a PC).</li>
              <li>Allow VR access when the browser asks.</li>
              <li>Use full screen for the best view.</li>
            </ol>
          </CardContent>
        </Card>
      </div>
      <Button size="lg" className="justify-self-start" onClick={onDone}>
        Ready for VR Learning
      </Button>
    </main>
  );
}

/** /vr-learning: search YouTube for VR and 360 videos, pick one and launch it in the VR player. */
export function VrHub({ onOpenGuide }: { onOpenGuide(): void }) {
  const [term, setTerm] = useState('');
  const [selected, setSelected] = useState<VrSearchResult | null>(null);
  const search = useMutation<VrSearchAnswer, unknown, string>({
    mutationFn: (query) => searchVrVideos(query),
    onSuccess: (answer) => {
      setSelected(null);
      toast({ title: 'VR Content Found', description: foundMessage(answer.videos.length, answer.vrCount) });
    },
    onError: (error) => {
      const failure = FAILURES[searchFailure(error)];
      toast({ title: failure.title, description: failure.text, variant: 'destructive' });
    },
  });

  const run = (text: string) => {
    const query = vrQuery(text);
    if (!query) {
      toast({ title: 'Search Required', description: 'Please enter a search term for VR content', variant: 'destructive' });
      return;
    }
    search.mutate(query);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    run(term);
  };
  const preset = (query: string) => {
    setTerm(query);
    run(query);
  };

  const answer = search.data;
  const failure = search.isError ? FAILURES[searchFailure(search.error)] : null;

  return (
    <main className="mx-auto grid max-w-7xl gap-6 px-4 py-6 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Link to={routes.home} className="inline-flex items-center gap-1.5 text-sm font-medium text-muted-foreground hover:text-foreground">
          <ArrowLeft className="size-4" aria-hidden="true" /> Back to Home
        </Link>
        <Button variant="outline" size="sm" onClick={onOpenGuide}>
          <Headset aria-hidden="true" /> VR Setup Guide
        </Button>
      </div>

      <section className="grid gap-2">
        <h1 className="flex items-center gap-2 text-2xl font-bold sm:text-3xl">
          <Rotate3d className="size-7 text-primary" aria-hidden="true" /> VR Learning
        </h1>
        <p className="max-w-2xl text-muted-foreground">Find 360° and VR videos on YouTube and watch them in a WebXR headset or right here in the browser.</p>
      </section>

      <form onSubmit={onSubmit} className="flex flex-col gap-2 sm:flex-row" role="search">
        <label htmlFor="vr-search" className="sr-only">
          Search VR content
        </label>
        <Input id="vr-search" value={term} onChange={(e) => setTerm(e.target.value)} placeholder="Search VR and 360° videos, e.g. ocean dive" className="sm:flex-1" />
        <Button type="submit" disabled={search.isPending}>
          {search.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Search aria-hidden="true" />}
          Search VR Content
        </Button>
      </form>

      <section aria-label="Categories" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {VR_PRESETS.map((p, i) => {
          const Icon = PRESET_ICONS[i];
          return (
            <button
              key={p.label}
              type="button"
              onClick={() => preset(p.query)}
              className="flex items-center gap-3 rounded-xl border bg-card p-3 text-left text-sm shadow-sm hover:border-primary focus-visible:outline-2 focus-visible:outline-ring"
            >
              <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <span className="grid min-w-0">
                <span className="font-medium">{p.label}</span>
                <span className="truncate text-xs text-muted-foreground">{p.query}</span>
              </span>
            </button>
          );
        })}
      </section>

      <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
        <section aria-label="Results" aria-busy={search.isPending} className="grid content-start gap-3">
          {failure ? (
            <div role="alert" className="rounded-xl border border-destructive/40 bg-destructive/5 p-4 text-sm" data-testid="vr-search-error">
              <p className="font-semibold">{failure.title}</p>
              <p className="text-muted-foreground">{failure.text}</p>
              {searchFailure(search.error) === 'signIn' ? (
                <Link to={routes.signIn} className="mt-2 inline-block font-medium text-primary underline-offset-4 hover:underline">
                  Sign in
                </Link>
              ) : null}
            </div>
          ) : null}
          {answer ? (
            <>
              <p className="text-sm text-muted-foreground" aria-live="polite">
                {foundMessage(answer.videos.length, answer.vrCount)}
              </p>
              {answer.videos.length === 0 ? (
                <p className="rounded-xl border border-dashed p-6 text-center text-sm text-muted-foreground">No videos matched. Try another term or a category above.</p>
              ) : (
                <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
                  {answer.videos.map((video) => (
                    <ResultCard key={video.id} video={video} selected={selected?.id === video.id} onSelect={() => setSelected(video)} />
                  ))}
                </ul>
              )}
            </>
          ) : !failure ? (
            <p className="rounded-xl border border-dashed p-6 text-center text-sm text-muted-foreground">
              Search or pick a category to find VR videos.
            </p>
          ) : null}
        </section>
        {selected ? (
          // On a phone the panel is far below the results: the launch stays in reach at the bottom.
          <div className="fixed inset-x-0 bottom-0 z-30 flex items-center gap-3 border-t bg-background/95 p-3 shadow-lg backdrop-blur lg:hidden" data-testid="vr-launch-bar">
            <span className="min-w-0 flex-1 truncate text-sm font-medium">{selected.title}</span>
            <Button size="sm" onClick={() => window.open(routes.vrYoutube(selected.id), '_blank', 'noopener')}>
              <Headset aria-hidden="true" /> Launch VR Experience
            </Button>
          </div>
        ) : null}
        <aside className="grid content-start gap-4 pb-16 lg:sticky lg:top-4 lg:self-start lg:pb-0">
          <SelectedPanel video={selected} />
          <Card>
            <CardHeader>
              <CardTitle as="h2" className="flex items-center gap-2 text-base">
                <Timer className="size-4" aria-hidden="true" /> In the VR player
              </CardTitle>
            </CardHeader>
            <CardContent>
              <ul className="grid gap-3 text-sm">
                {FEATURES.map((f) => (
                  <li key={f.title}>
                    <p className="font-medium">{f.title}</p>
                    <p className="text-muted-foreground">{f.text}</p>
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>
        </aside>
      </div>
    </main>
  );
}
