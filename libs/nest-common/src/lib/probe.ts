import type { DependencyHealth } from '@veolearn/contracts';

/** Runs one dependency check for a health answer: up, or down with the reason. */
export async function probe(check: () => Promise<unknown>): Promise<DependencyHealth> {
  try {
    await check();
    return { status: 'up' };
  } catch (error) {
    return { status: 'down', message: error instanceof Error ? error.message : String(error) };
  }
}
