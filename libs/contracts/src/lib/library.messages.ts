import type { Entitlements, FolderColor, QuestionType } from '@veolearn/domain';

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
}

/** A question as a learner sees it before answering: no correct answer, no feedback. */
export interface LearnerQuestionView {
  id: number;
  type: QuestionType;
  question: string;
  options: unknown;
  timestamp: number;
  topicTitle: string | null;
  topicStartTime: number | null;
}

export interface PlaybackView {
  video: Pick<VideoView, 'id' | 'title' | 'type' | 'duration' | 'status' | 'url' | 'youtubeId' | 'thumbnailUrl'>;
  questions: LearnerQuestionView[];
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
  youtubeId: string;
  title: string;
  folderId: number | null;
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
  /** Percent of answers that were correct; null when nobody answered yet. */
  accuracy: number | null;
  totalWatchTimeSeconds: number;
  recentActivity: Array<{ kind: 'video_created' | 'attempt_completed'; videoId: number; title: string; at: string }>;
}

/** What GET /api/analytics/user answers: the library figures plus the account's own. */
export interface UserAnalytics extends LibraryAnalytics {
  /** Minutes, rounded down. */
  totalWatchTime: number;
  /** Hours with one decimal. */
  learningHours: number;
  accountAgeDays: number;
  lastLoginAt: string | null;
}
