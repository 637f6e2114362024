import { LibraryOutbox1764900000000 } from './1764900000000-outbox';
import { CreateLibrarySchema1763780000000 } from './1763780000000-create-library-schema';
import { InteractionsGeneration1763900000000 } from './1763900000000-interactions-generation';
import { VideoSettingsMedia1763950000000 } from './1763950000000-video-settings-media';
import { VideoSharing1764100000000 } from './1764100000000-video-sharing';
import { AnswerRevealed1764400000000 } from './1764400000000-answer-revealed';
import { LessonResults1764600000000 } from './1764600000000-lesson-results';
import { VideoTranscript1764700000000 } from './1764700000000-video-transcript';
import { Gamification1764800000000 } from './1764800000000-gamification';
import { VideoPoster1765000000000 } from './1765000000000-video-poster';

export const LIBRARY_MIGRATIONS = [
  CreateLibrarySchema1763780000000,
  InteractionsGeneration1763900000000,
  VideoSettingsMedia1763950000000,
  VideoSharing1764100000000,
  AnswerRevealed1764400000000,
  LessonResults1764600000000,
  VideoTranscript1764700000000,
  Gamification1764800000000,
  LibraryOutbox1764900000000,
  VideoPoster1765000000000,
];
