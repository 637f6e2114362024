import type { ChildProcess } from 'node:child_process';

export declare const ROOT: string;
export declare function checkDependencies(env: Record<string, string | undefined>): Promise<string[]>;
export declare function ensureDatabase(databaseUrl: string): Promise<void>;
export declare function freePort(): Promise<number>;
export declare function describeUrl(url: string): string;
export interface StartedProcesses {
  baseUrl: string;
  env: Record<string, string>;
  children: ChildProcess[];
  exits: string[];
  stop(): Promise<void>;
  /** Launches one more process of a service, e.g. `spawnService('generation-service', ['worker'])`. */
  spawnService(name: string, args?: string[], extraEnv?: Record<string, string>): ChildProcess;
  /** The process started under a name ('generation-service', 'generation-worker#1', ...). */
  processNamed(name: string): ChildProcess | undefined;
}
export declare function startProcesses(options: {
  env: Record<string, string>;
  replicas?: number;
  output: (name: string) => (chunk: Buffer | string) => void;
  seedAdmin?: boolean;
  healthTimeoutMs?: number;
  generationWorkers?: number;
  /** The database is already migrated (tests copy a migrated template database). */
  skipMigrations?: boolean;
}): Promise<StartedProcesses>;
/** Runs every service's migrations against env.DATABASE_URL, side by side. */
export declare function migrate(env: Record<string, string>, output: (name: string) => (chunk: Buffer | string) => void): Promise<void>;
/** The services behind the gateway and the built file each runs. */
export declare const SERVICES: ReadonlyArray<{ name: string; main: string; portVar: string; migrate: boolean }>;
/**
 * Tests only: builds the migrated template database of this build if missing and, given a name,
 * drops and recreates that database as a copy of it (one advisory lock around both).
 */
export declare function prepareTestDatabase(options: {
  /** Default: TEST_DATABASE_BASE_URL or postgres://postgres@127.0.0.1:5432 */
  pgBaseUrl?: string;
  output?: (name: string) => (chunk: Buffer | string) => void;
  database?: string;
}): Promise<void>;
