import type { Owner } from '@veolearn/contracts';
import { libraryWriteDecision } from '@veolearn/domain';
import { rpcError } from './rpc-exception.filter';

/**
 * Every creator write asks this first: an expired trial or a canceled subscription is read-only and
 * answers 402 with the plan's message (the same rule as creating a video). Used by the video-service
 * and by transcript-paste in the generation-service; reads, deleting one's own videos and learners'
 * attempts do not ask.
 */
export function assertLibraryWritable(owner: Owner | undefined, now: Date = new Date()): void {
  const entitlements = owner?.entitlements;
  if (!entitlements) throw rpcError(401, 'Sign in to continue.');
  const decision = libraryWriteDecision(entitlements, now);
  if (!decision.allowed) throw rpcError(402, decision.message);
}
