import { CreateLibrarySchema1763780000000 } from './1763780000000-create-library-schema';
import { InteractionsGeneration1763900000000 } from './1763900000000-interactions-generation';
import { VideoSettingsMedia1763950000000 } from './1763950000000-video-settings-media';
import { VideoSharing1764100000000 } from './1764100000000-video-sharing';

export const LIBRARY_MIGRATIONS = [CreateLibrarySchema1763780000000, InteractionsGeneration1763900000000, VideoSettingsMedia1763950000000, VideoSharing1764100000000];
