import type { AnswerStatus, Entitlements, FolderColor, QuestionType, SkippingMode } from '@veolearn/domain';

export type { AnswerStatus, SkippingMode };

/** The signed-in user a library request acts for. */
export interface Owner {
  userId: number;
  entitlements: Entitlements;
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export interface FolderView {
  id: number;
  name: string;
  parentId: number | null;
  color: FolderColor;
  icon: string;
  createdAt: string;
  videoCount: number;
  folderCount: number;
}

export type VideoType = 'youtube' | 'youtube_vr' | 'upload';
export type VideoStatus = 'draft' | 'processing' | 'ready' | 'failed';

export interface VideoView {
  id: number;
  title: string;
  type: VideoType;
  /** Seconds; null while unknown. */
  duration: number | null;
  status: VideoStatus;
  url: string;
  youtubeId: string | null;
  filename: string | null;
  thumbnailUrl: string | null;
  createdAt: string;
  updatedAt: string;
  /** The folder id, or null at Home. */
  folder: number | null;
  questionCount: number;
  skippingMode: SkippingMode;
  /** A wrong answer must be retried until correct before the video goes on. */
  requireCorrect: boolean;
  /** Points, streaks, levels and achievements for learners of this lesson (on by default; issue 14). */
  gamification: boolean;
  /** The video has captions of its own (uploaded or set by the owner). */
  hasCaptions: boolean;
  /** '/api/media/{id}' for an uploaded file; null for YouTube videos. */
  mediaUrl: string | null;
  /**
   * '/api/media/{id}/poster' when the upload came with a poster frame (the player's first paint, the
   * library's thumbnail); null otherwise. Signed like mediaUrl for a private lesson's owner.
   */
  posterUrl: string | null;
  /**
   * Anyone with the link may play the lesson (set by sharing it). Until then only its owner (and
   * admins) can play it or fetch its media and captions.
   */
  published: boolean;
  /** When the lesson was first shared; null while private. */
  publishedAt: string | null;
}

/** A question as a learner sees it before answering: no correct answer, no feedback. */
export interface LearnerQuestionView {
  id: number;
  type: QuestionType;
  question: string;
  /** The situation text of a scenario question. */
  scenario?: string;
  options: unknown;
  timestamp: number;
  topicTitle: string | null;
  topicStartTime: number | null;
}

export interface PlaybackView {
  video: Pick<
    VideoView,
    | 'id'
    | 'title'
    | 'type'
    | 'duration'
    | 'status'
    | 'url'
    | 'youtubeId'
    | 'thumbnailUrl'
    | 'skippingMode'
    | 'requireCorrect'
    | 'gamification'
    | 'hasCaptions'
    | 'mediaUrl'
    | 'posterUrl'
    | 'published'
  > & {
    /** Where the player reads the captions ('/api/videos/{id}/captions.vtt', signed for a private lesson's owner). */
    captionsUrl: string;
  };
  questions: LearnerQuestionView[];
  /** The signed-in viewer owns the lesson: the player shows its creator links (dashboard, question manager). */
  viewerIsOwner: boolean;
}

/** One chapter of the reading view: its title, the span of the video it covers and its transcript text. */
export interface ReadingChapterView {
  title: string;
  /** Seconds. */
  startTime: number;
  /** Seconds: where the next chapter starts (the end of the lesson for the last one). */
  endTime: number;
  /** Plain text without timings, paragraphs separated by a blank line; '' when the lesson has no transcript for it. */
  text: string;
  /** Its questions (ids of PlaybackView questions), asked after the text in playing order. */
  questionIds: number[];
}

/** GET /api/play/{id}/reading: the lesson as text, chapter by chapter ("Read instead"). */
export interface ReadingView {
  videoId: number;
  title: string;
  /** The lesson has transcript text (its captions); false: the chapters carry only their questions. */
  hasText: boolean;
  chapters: ReadingChapterView[];
}

/**
 * Who is asking to see a lesson: a signed-in user (or null), and whether the request carried a
 * valid media access signature for this video (issued to its owner by the gateway).
 */
export interface Viewer {
  userId: number | null;
  isAdmin: boolean;
  signed: boolean;
}

export interface PlaybackMessage {
  videoId: number;
  viewer: Viewer;
}

export interface SetSharingMessage extends VideoRef {
  published: boolean;
}

export interface ListVideosMessage {
  owner: Owner;
  /** 'root' for Home, a folder id, or undefined for every video of the owner. */
  folder?: 'root' | number;
  page: number;
  pageSize: number;
}

export interface CreateVideoMessage {
  owner: Owner;
  /** null for a lesson made from a transcript alone (its url is 'manual-transcript'). */
  youtubeId: string | null;
  title: string;
  folderId: number | null;
  /** Seconds, when known. */
  duration?: number | null;
  /** 'processing' while its questions are being generated; 'ready' by default. */
  status?: VideoStatus;
}

export interface VideoRef {
  owner: Owner;
  videoId: number;
}

export interface RenameVideoMessage extends VideoRef {
  title: string;
}

export interface MoveVideoMessage extends VideoRef {
  folderId: number | null;
}

export interface ListFoldersMessage {
  owner: Owner;
  /** 'root' for top-level folders, a folder id for its children, undefined for all. */
  parent?: 'root' | number;
}

export interface CreateFolderMessage {
  owner: Owner;
  name: string;
  parentId: number | null;
  color: FolderColor;
  icon: string;
}

export interface UpdateFolderMessage {
  owner: Owner;
  folderId: number;
  name?: string;
  parentId?: number | null;
  color?: FolderColor;
  icon?: string;
}

export interface FolderRef {
  owner: Owner;
  folderId: number;
}

/** Deleting a folder moves what it holds to its parent. */
export interface DeleteFolderResult {
  deleted: true;
  movedVideos: number;
  movedFolders: number;
  movedTo: number | null;
}

export type QuestionTypeCounts = Record<QuestionType, number>;

export interface LibraryAnalytics {
  totalVideos: number;
  totalQuestions: number;
  questionTypes: QuestionTypeCounts;
  videoSources: { youtube: number; youtubeVR: number; upload: number };
  learnerAttempts: number;
  completedAttempts: number;
  /** Answers learners gave. */
  totalInteractions: number;
  correctAnswers: number;
  /** Answers that were not right on the first try but earned partial credit (some matches, some options). */
  partlyCorrectAnswers: number;
  /**
   * Performance: percent of the credit learners could earn (one decimal), a right answer counting 1 and a
   * partly right one its fraction, as an attempt's score counts it; null when nobody answered yet.
   */
  accuracy: number | null;
  totalWatchTimeSeconds: number;
  recentActivity: Array<{ kind: 'video_created' | 'attempt_completed'; videoId: number; title: string; at: string }>;
}

/** What GET /api/analytics/user answers: the library figures plus the account's own. */
export interface UserAnalytics extends LibraryAnalytics {
  /** Minutes with one decimal (54 s is 0.9). */
  totalWatchTime: number;
  /** The watch time as the dashboard shows it: seconds under a minute ("54 s"), else minutes with one decimal ("1.5 min"). */
  watchTimeText: string;
  /** Hours with one decimal. */
  learningHours: number;
  accountAgeDays: number;
  lastLoginAt: string | null;
}

/**
 * A question as its owner sees it: every field of the domain Question (libs/domain questions/types.ts)
 * plus its id and video. `scenario` is set for scenario questions only.
 */
export interface InteractionView {
  id: number;
  videoId: number;
  type: QuestionType;
  question: string;
  scenario?: string;
  options: unknown;
  correctAnswer: unknown;
  timestamp: number;
  topicTitle: string;
  topicStartTime: number;
  feedback: { correct: string; incorrect: string; explanation?: string };
  createdAt: string;
  updatedAt: string;
}

/** GET /api/videos/{id}/interactions: the owner gets InteractionView items, anyone else the learner view. */
export interface InteractionList {
  videoId: number;
  view: 'owner' | 'learner';
  items: InteractionView[] | LearnerQuestionView[];
}

export interface ListInteractionsMessage {
  /** The signed-in user, or null for an anonymous learner. */
  userId: number | null;
  videoId: number;
}

export interface CreateInteractionMessage {
  owner: Owner;
  videoId: number;
  /** Unvalidated question fields (validated by the video-service with the domain rules). */
  question: Record<string, unknown>;
}

export interface UpdateInteractionMessage {
  owner: Owner;
  interactionId: number;
  question: Record<string, unknown>;
}

export interface InteractionRef {
  owner: Owner;
  interactionId: number;
}

export interface SaveGeneratedQuestionsMessage {
  ownerId: number;
  videoId: number;
  /** The generation job; a second save for the same job changes nothing and answers the stored set. */
  jobId: string;
  /** Already validated domain Questions (without ids). */
  questions: Array<Record<string, unknown>>;
  /** Seconds, when the generation learned the video's length (e.g. from the transcript). */
  duration?: number | null;
  /** WebVTT built from the transcript's own timing; stored unless the video has uploaded captions. */
  captionsVtt?: string | null;
  /** The transcript as pasted, kept with the video for reading it ("Read instead"); absent keeps the stored one. */
  transcript?: string | null;
}

export interface SaveGeneratedQuestionsResult {
  videoId: number;
  /** False when this job's set was already saved before (a retried or recovered job). */
  created: boolean;
  interactions: InteractionView[];
}

export interface MarkGenerationFailedMessage {
  ownerId: number;
  videoId: number;
  jobId: string;
}

/** DELETE /api/interactions/{id}. */
export interface DeleteInteractionResult {
  deleted: true;
  id: number;
}

/** The video's status after markGenerationFailed ('failed', or unchanged when that job's set was saved). */
export interface MarkGenerationFailedResult {
  videoId: number;
  status: VideoStatus;
}

// ---------------------------------------------------------------- learner attempts (issue 6)

/** 'abandoned': the learner restarted the activity; such an attempt takes no more answers or progress. */
export type AttemptStatus = 'in_progress' | 'completed' | 'abandoned';

export interface QuestionFeedbackView {
  correct: string;
  incorrect: string;
  explanation?: string;
}

/** A question the learner answered or skipped: only then are its correct answer and feedback shown. */
export interface AnswerView {
  interactionId: number;
  status: AnswerStatus;
  /** What the learner sent (null for a skip). */
  response: unknown;
  /**
   * null while a wrong answer must still be corrected ("require correct"), and while a wrong first try
   * waits for the learner's second try or Continue Video (secondTry).
   */
  correctAnswer: unknown;
  /** The question's feedback; only `incorrect` while the correct answer is not shown yet. */
  feedback: Partial<QuestionFeedbackView>;
  /** The first try's credit, 0..1: what the score counts. */
  credit: number;
  /** How many tries (a second one after a wrong first try; more only with "require correct"). */
  attempts: number;
  /**
   * A wrong first try (without "require correct") whose answer is not shown yet: the question is asked
   * again (after Review Chapter) until the second try or POST /reveal (Continue Video). Open for the rules.
   */
  secondTry: boolean;
  answeredAt: string;
  timeTakenMs: number | null;
}

/** One learner's run through one video. */
export interface AttemptView {
  id: string;
  videoId: number;
  status: AttemptStatus;
  startedAt: string;
  completedAt: string | null;
  /** Seconds into the video where the learner was last. */
  lastPosition: number;
  watchTimeSeconds: number;
  totalQuestions: number;
  /** Questions answered (skips excluded). */
  answeredCount: number;
  /** Questions right on the first try. */
  correctCount: number;
  skippedCount: number;
  /** Percent 0..100 with one decimal: the sum of first-try credits over all questions of the video. */
  score: number;
  skippingMode: SkippingMode;
  requireCorrect: boolean;
  /** Seconds the learner may seek or play to right now; null = no limit. */
  maxAllowedPosition: number | null;
  answers: AnswerView[];
  /**
   * The learner's points, streaks, level and achievements with this attempt; null when the lesson has
   * them turned off. Absent from progress answers. Never part of the score.
   */
  gamification?: GamificationView | null;
}

/** An achievement the learner holds (each is awarded once per learner). */
export interface AchievementView {
  id: string;
  name: string;
  /** One line saying what earned it. */
  description: string;
  earnedAt: string;
}

/**
 * Gamification for one learner (the signed-in user of the attempt, else its anonymous learner id), as
 * seen from one attempt. Days are UTC calendar days.
 */
export interface GamificationView {
  /** Points this attempt earned: 10 per question right on the first try, 5 right on a later try. */
  attemptPoints: number;
  /** Right first tries in a row in this attempt, up to the latest answer. */
  lessonStreak: number;
  /** The longest such run in this attempt. */
  bestLessonStreak: number;
  /** Consecutive UTC days with a completed lesson, ending today or yesterday; 0 once a day was missed. */
  dayStreak: number;
  /** All the learner's points, over every lesson. */
  totalPoints: number;
  level: number;
  /** Points at which the current level began, and at which the next one begins. */
  levelStart: number;
  nextLevelAt: number;
  /** Achievements earned during this attempt, in the order earned. */
  newAchievements: AchievementView[];
  /** Every achievement the learner holds, in the order earned. */
  achievements: AchievementView[];
}

/** POST /api/attempts/{id}/answers, /skip and /reveal. */
export interface AnswerResult {
  /** Whether this try was right (false for a skip; /reveal: whether the question ended right). */
  correct: boolean;
  /** This try's credit, 0..1 (/reveal: the first try's). */
  credit: number;
  /**
   * null while the learner must still retry a wrong answer ("require correct") and after a wrong first
   * try, until the second try or /reveal (Continue Video).
   */
  correctAnswer: unknown;
  /** While the correct answer is withheld, a wrong try carries only `incorrect`. */
  feedback: Partial<QuestionFeedbackView>;
  attempt: AttemptView;
}

/** POST /api/attempts/{id}/progress. */
export interface ProgressResult {
  attempt: AttemptView;
}

/** A progress report the video's mode refuses: the gateway answers 409 {message, allowedPosition}. */
export interface ProgressRefusal {
  message: string;
  /** Seconds the player should go back to. */
  allowedPosition: number;
}

/** What the video-service answers to a progress report (a refusal is not an error there). */
export type ProgressOutcome = ProgressResult | { refused: ProgressRefusal };

/** A line of the results screen. */
export interface AttemptResultRow {
  interactionId: number;
  question: string;
  type: QuestionType;
  topicTitle: string | null;
  timestamp: number;
  /** 'unanswered' for a question the learner never reached (in-progress attempts only). */
  status: AnswerStatus | 'unanswered';
  response: unknown;
  /** null for a question not answered yet. */
  correctAnswer: unknown;
  credit: number;
  timeTakenMs: number | null;
}

/** GET /api/attempts/{id}: the attempt with one row per question for the results screen. */
export interface AttemptResults extends AttemptView {
  rows: AttemptResultRow[];
}

/** Who is acting on an attempt: the browser's learner id, and the signed-in user when a valid token came along. */
export interface LearnerRef {
  learnerId: string;
  userId: number | null;
}

export interface StartAttemptMessage extends LearnerRef {
  videoId: number;
  restart?: boolean;
  /** The name the learner typed before starting (optional); kept on the attempt for the teacher's results. */
  displayName?: string | null;
  /** Set by the gateway from a verified LTI launch of this learner and video, never from the client's body. */
  lms?: { userName: string | null; course: string | null } | null;
  /** Who asks: a private lesson can only be started by its owner (or an admin). */
  viewer: Viewer;
}

export interface AttemptRef extends LearnerRef {
  attemptId: string;
}

export interface AnswerQuestionMessage extends AttemptRef {
  interactionId: number;
  response: unknown;
  timeTakenMs?: number;
}

export interface SkipQuestionMessage extends AttemptRef {
  interactionId: number;
}

/** Continue Video after a wrong first try: settles the question and shows its answer. */
export interface RevealAnswerMessage extends AttemptRef {
  interactionId: number;
}

export interface ReportProgressMessage extends AttemptRef {
  position: number;
  watchedSeconds: number;
}

/** PUT /api/videos/{id}/settings (owner). */
export interface UpdateVideoSettingsMessage extends VideoRef {
  skippingMode?: SkippingMode;
  requireCorrect?: boolean;
  /** Points and achievements for learners of this lesson. */
  gamification?: boolean;
  /** Seconds; only stored while the video has no duration yet. */
  duration?: number;
}
