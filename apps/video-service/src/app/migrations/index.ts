import { CreateLibrarySchema1763780000000 } from './1763780000000-create-library-schema';

export const LIBRARY_MIGRATIONS = [CreateLibrarySchema1763780000000];
