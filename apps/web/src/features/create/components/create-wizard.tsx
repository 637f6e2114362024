import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Ban, ClipboardPaste, FileText, ListChecks, MonitorPlay, Share2, Sparkles, type LucideIcon } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { ToastAction } from '../../../components/ui/toast';
import { toast } from '../../../components/ui/use-toast';
import { ApiError, serverMessage } from '../../../lib/session-client';
import { routes } from '../../../app/routes';
import { ErrorCard } from '../../library/components/library-states';
import { PlanUsageMeter } from '../../library/components/plan-usage';
import { usePlanUsageQuery } from '../../library/hooks/use-library';
import { libraryKeys } from '../../library/library-query-keys';
import { renameVideo, type PlanUsage } from '../../library/api/library-api';
import { fetchVideo, type CreatedVideo, type GenerationJobView } from '../api/create-api';
import type { UploadInput } from '../api/upload-video';
import { createKeys } from '../create-query-keys';
import { useGeneration } from '../hooks/use-generation';
import { useVideoUpload } from '../hooks/use-video-upload';
import { useWizardSettings } from '../hooks/use-wizard-settings';
import { useYouTubeLink, useYouTubeSearch } from '../hooks/use-youtube';
import {
  generationProblem,
  generationRequest,
  generationSummary,
  hasTranscript,
  initialLessonTitle,
  isTabEnabled,
  libraryVideoId,
  isWizardTab,
  selectionKey,
  TAB_LABELS,
  WIZARD_TABS,
  type SelectedVideo,
  type TabState,
  type WizardTab,
  videoFromLibrary,
} from '../wizard-rules';
import { EditQuestionsTab } from './edit-questions-tab';
import { GeneratingOverlay } from './generating-overlay';
import { InteractionsTab, type GenerationError } from './interactions-tab';
import { ShareTab } from './share-tab';
import { TranscriptTab } from './transcript-tab';
import { WizardNav } from './wizard-nav';
import { StepEmpty, StepLoading } from './wizard-states';
import { YouTubeTab } from './youtube-tab';

const TAB_ICONS: Readonly<Record<WizardTab, LucideIcon>> = {
  youtube: MonitorPlay,
  transcript: FileText,
  interactions: Sparkles,
  'edit-questions': ListChecks,
  share: Share2,
};

/** `?video=12` names the video generated last: going back from the editor reopens its Share step. */
function videoParamOf(value: string | null): number | null {
  if (!value || !/^\d{1,12}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

function startFailure(error: Error): GenerationError {
  return {
    message: serverMessage(error) ?? 'Failed to generate interactive video',
    upgrade: error instanceof ApiError && error.status === 402,
  };
}

function showGenerationFailed(failure: GenerationError) {
  toast({
    variant: 'destructive',
    title: 'Generation Failed',
    description: failure.message,
    // A plan limit needs time to read and a way to act on it.
    duration: failure.upgrade ? 8000 : 5000,
    action: failure.upgrade ? (
      <ToastAction altText="See plans" asChild>
        <a href={routes.subscribe}>See plans</a>
      </ToastAction>
    ) : undefined,
  });
}

/**
 * Said as soon as the wizard opens when the plan allows no new lesson (rather than at Generate, after
 * everything was pasted): the server's reason, the way to upgrade, and the lessons that can still get questions.
 */
function PlanLimitNotice({ usage }: { usage: PlanUsage }) {
  return (
    <section
      role="alert"
      data-testid="plan-limit-notice"
      className="grid gap-2 rounded-xl border border-destructive/30 bg-destructive/5 p-4 text-sm"
    >
      <p className="flex items-center gap-2 font-semibold text-destructive">
        <Ban className="size-4 shrink-0" aria-hidden="true" />
        No new lesson on your {usage.planName} plan
      </p>
      <p>{usage.message}</p>
      <p className="flex flex-wrap gap-x-4 gap-y-1">
        <a href={routes.subscribe} className="font-medium text-primary underline underline-offset-4">
          See plans and upgrade
        </a>
        {usage.videosWithoutQuestions > 0 && (
          <Link to={routes.userDashboard} className="font-medium text-primary underline underline-offset-4">
            Generate questions for {usage.videosWithoutQuestions === 1 ? 'the video' : 'a video'} already in your library
          </Link>
        )}
      </p>
    </section>
  );
}

/** The result of the last generation: the video's share step once it is loaded. */
function GeneratedSteps({
  query,
  onCreateAnother,
  render,
}: {
  query: { data?: CreatedVideo; isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  onCreateAnother: () => void;
  render: (video: CreatedVideo) => ReactNode;
}) {
  if (query.isPending) return <StepLoading label="Loading video..." />;
  if (query.isError || !query.data) {
    return (
      <div className="grid gap-4">
        <ErrorCard title="Could not open this video" error={query.error} onRetry={() => void query.refetch()} />
        <Button variant="outline" className="w-fit" onClick={onCreateAnother}>
          Start a new video
        </Button>
      </div>
    );
  }
  return <>{render(query.data)}</>;
}

/**
 * The create wizard (spec section 2): YouTube, Transcript, Interactions, Edit Questions, Share. Generation
 * runs as a job the wizard follows; when it is done the creator goes to the question editor.
 */
export function CreateWizard() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const videoParam = videoParamOf(params.get('video'));
  // `?for=12`: generate questions for a video already in the library (the dashboard's "Generate questions").
  const forParam = videoParam === null ? videoParamOf(params.get('for')) : null;
  const [tab, setTab] = useState<WizardTab>(() => (videoParam !== null ? 'share' : forParam !== null ? 'transcript' : 'youtube'));
  // `?video=` arriving while the wizard stays mounted shows that video's Share step too: Back pressed
  // before the editor's code has loaded returns here without a new mount (the route change to the
  // editor was still pending), and the wizard must not reopen on the step it was on.
  useEffect(() => {
    if (videoParam !== null) setTab('share');
  }, [videoParam]);
  const [selected, setSelected] = useState<SelectedVideo | null>(null);
  const [title, setTitle] = useState('');
  const titleFor = useRef<string | null>(null);
  const queryClient = useQueryClient();
  const usage = usePlanUsageQuery();
  const [transcript, setTranscript] = useState('');
  const [overlayOpen, setOverlayOpen] = useState(false);
  const [generationError, setGenerationError] = useState<GenerationError | null>(null);
  const [uploadsDone, setUploadsDone] = useState(0);
  // The video a started generation made, so a retry after a failed job does not make a second one.
  const madeVideo = useRef<{ key: string; videoId: number } | null>(null);
  const startKey = useRef('');
  const { settings, update, toggleType } = useWizardSettings();

  const select = useCallback((video: SelectedVideo) => setSelected(video), []);
  const search = useYouTubeSearch(select);
  const link = useYouTubeLink(select);

  const onUploaded = useCallback((video: CreatedVideo, input: UploadInput, durationSeconds: number | null) => {
    setSelected({
      kind: 'upload',
      videoId: video.id,
      title: video.title,
      filename: video.filename ?? input.file.name,
      sizeBytes: input.file.size,
      mediaUrl: video.mediaUrl ?? null,
      // The length the browser read from the file's metadata (null when it could not): sent with the transcript.
      durationSeconds,
    });
    setUploadsDone((n) => n + 1);
    toast({ title: 'Video Added', description: `“${video.title}” was uploaded.` });
  }, []);
  const upload = useVideoUpload(onUploaded);

  const videoQuery = useQuery({
    queryKey: createKeys.video(videoParam ?? 0),
    queryFn: () => fetchVideo(videoParam ?? 0),
    enabled: videoParam !== null,
    staleTime: 0,
    retry: 1,
    retryDelay: 1000,
  });

  const forQuery = useQuery({
    queryKey: createKeys.video(forParam ?? 0),
    queryFn: () => fetchVideo(forParam ?? 0),
    enabled: forParam !== null,
    staleTime: 0,
    retry: 1,
    retryDelay: 1000,
  });
  const appliedFor = useRef<number | null>(null);
  useEffect(() => {
    const video = forQuery.data;
    if (!video || appliedFor.current === video.id) return;
    appliedFor.current = video.id;
    setSelected(videoFromLibrary(video));
  }, [forQuery.data]);

  // The title field starts with the chosen video's title (YouTube's or the file's) each time another video is chosen.
  const currentKey = selectionKey(selected);
  useEffect(() => {
    if (titleFor.current === currentKey) return;
    titleFor.current = currentKey;
    setTitle(initialLessonTitle(selected));
  }, [currentKey, selected]);

  const generation = useGeneration({
    onStarted: (result) => {
      madeVideo.current = { key: startKey.current, videoId: result.video.id };
      setGenerationError(null);
      setOverlayOpen(true);
    },
    onStartFailed: (error) => {
      // A rejected session already went to sign-in.
      if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return;
      const failure = startFailure(error);
      setGenerationError(failure);
      showGenerationFailed(failure);
    },
    onCompleted: (job: GenerationJobView) => {
      setOverlayOpen(false);
      toast({
        title: 'Video Generated Successfully',
        description: generationSummary(job),
      });
      // Back from the editor reopens this video's Share step.
      navigate(`${routes.create}?video=${job.videoId}`, { replace: true });
      navigate(routes.editQuestions(job.videoId));
    },
    onFailed: (message) => {
      setOverlayOpen(false);
      const failure = { message, upgrade: false };
      setGenerationError(failure);
      showGenerationFailed(failure);
    },
  });

  const state: TabState = {
    transcript,
    generated: videoParam !== null ? { videoId: videoParam, questionCount: videoQuery.data?.questionCount ?? 0 } : null,
  };

  function generate() {
    const problem = generationProblem({ selected, transcript, settings });
    if (problem) {
      toast({ variant: 'destructive', title: problem.title, description: problem.description });
      return;
    }
    const key = selectionKey(selected);
    const existing = madeVideo.current?.key === key ? madeVideo.current.videoId : null;
    startKey.current = key;
    setGenerationError(null);
    const request = generationRequest(selected, transcript, settings, existing, title);
    // A video already in the library keeps its row: a changed title is saved on it first (PUT /api/videos/{id}).
    const libraryId = existing ?? libraryVideoId(selected);
    const newTitle = title.trim();
    if (libraryId !== null && newTitle && newTitle !== (selected?.title ?? '')) {
      renameVideo(libraryId, newTitle).then(
        (video) => {
          setSelected((current) => (current && libraryVideoId(current) === libraryId ? { ...current, title: video.title } : current));
          titleFor.current = selectionKey(selected);
          void queryClient.invalidateQueries({ queryKey: libraryKeys.all });
          generation.start(request);
        },
        (error: Error) => {
          const failure = startFailure(error);
          setGenerationError(failure);
          showGenerationFailed(failure);
        },
      );
      return;
    }
    generation.start(request);
  }

  function takeCaptionsAsTranscript(text: string) {
    if (hasTranscript(transcript) || !hasTranscript(text)) return;
    setTranscript(text);
    toast({ title: 'Transcript added', description: 'The captions file will be used as the transcript.' });
  }

  function createAnother() {
    setSelected(null);
    appliedFor.current = null;
    setTranscript('');
    search.clear();
    setGenerationError(null);
    madeVideo.current = null;
    setParams({}, { replace: true });
    setTab('youtube');
  }

  // A video this wizard already made (or is generating for) counts as the library's, not as a new lesson.
  const generatingForLibrary = libraryVideoId(selected) !== null || madeVideo.current?.key === currentKey || generation.job !== null;
  const refusedAtOpen = videoParam === null && !generatingForLibrary && forParam === null && usage.data && !usage.data.canCreate;

  return (
    <>
      <div className="mb-6 grid gap-3">
        <PlanUsageMeter usage={usage.data} />
        {refusedAtOpen && usage.data && <PlanLimitNotice usage={usage.data} />}
        {forParam !== null && forQuery.isError && (
          <ErrorCard title="Could not open this video" error={forQuery.error} onRetry={() => void forQuery.refetch()} />
        )}
        {forParam !== null && forQuery.data && (
          <p className="rounded-xl border bg-background px-4 py-3 text-sm" data-testid="generating-for-library">
            Generating questions for <span className="font-medium">“{forQuery.data.title}”</span>, already in your library: it does not use
            another lesson of your plan.
          </p>
        )}
      </div>
      <Tabs value={tab} onValueChange={(value) => isWizardTab(value) && setTab(value)} className="grid gap-6">
        <TabsList className="h-auto w-full justify-between gap-1 sm:w-max sm:justify-start" aria-label="Create steps">
          {WIZARD_TABS.map((value, index) => {
            const Icon = TAB_ICONS[value];
            return (
              <TabsTrigger
                key={value}
                value={value}
                disabled={!isTabEnabled(value, state)}
                className="group flex-1 gap-1.5 px-2.5 py-1.5 data-[state=active]:flex-[2_1_auto] sm:flex-none sm:px-3 sm:data-[state=active]:flex-none"
              >
                <span
                  aria-hidden="true"
                  className="hidden size-5 items-center justify-center rounded-full bg-muted-foreground/15 text-[11px] font-semibold sm:flex"
                >
                  {index + 1}
                </span>
                <Icon className="size-4 sm:hidden" aria-hidden="true" />
                {/* On a phone only the current step is named; the others show their icon (and keep their name for screen readers). */}
                <span className="sr-only group-data-[state=active]:not-sr-only sm:not-sr-only">{TAB_LABELS[value]}</span>
              </TabsTrigger>
            );
          })}
        </TabsList>

        <TabsContent value="youtube" className="mt-0">
          <YouTubeTab
            search={search}
            onLink={link.submitLink}
            lookingUp={link.lookingUp}
            upload={{ state: upload.state, start: (input) => void upload.start(input), cancel: upload.cancel, done: uploadsDone }}
            onCaptionsText={takeCaptionsAsTranscript}
            selected={selected}
            transcript={transcript}
            onRemoveSelected={() => setSelected(null)}
          />
        </TabsContent>
        <TabsContent value="transcript" className="mt-0">
          <TranscriptTab transcript={transcript} onChange={setTranscript} onContinue={() => setTab('interactions')} selected={selected} />
        </TabsContent>
        <TabsContent value="interactions" className="mt-0">
          <InteractionsTab
            settings={settings}
            onChange={update}
            onToggleType={toggleType}
            selected={selected}
            transcript={transcript}
            onGenerate={generate}
            starting={generation.starting}
            job={generation.job}
            overlayOpen={overlayOpen}
            onShowProgress={() => setOverlayOpen(true)}
            error={generationError}
            title={title}
            onTitleChange={setTitle}
          />
        </TabsContent>
        <TabsContent value="edit-questions" className="mt-0">
          {videoParam === null ? (
            <StepEmpty icon={ListChecks} title="No questions yet">
              Generate questions on the Interactions step; they can then be edited here.
            </StepEmpty>
          ) : (
            <GeneratedSteps
              query={videoQuery}
              onCreateAnother={createAnother}
              render={(video) => <EditQuestionsTab videoId={video.id} questionCount={video.questionCount} title={video.title} />}
            />
          )}
        </TabsContent>
        <TabsContent value="share" className="mt-0">
          {videoParam === null ? (
            <StepEmpty icon={ClipboardPaste} title="Nothing to share yet">
              Generate an interactive video first; its link and embed code appear here.
            </StepEmpty>
          ) : (
            <GeneratedSteps query={videoQuery} onCreateAnother={createAnother} render={(video) => <ShareTab video={video} onCreateAnother={createAnother} />} />
          )}
        </TabsContent>

        <WizardNav tab={tab} state={state} onGo={setTab} />
      </Tabs>
      <GeneratingOverlay job={generation.job} open={overlayOpen} onContinue={() => setOverlayOpen(false)} />
    </>
  );
}
