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
}): Promise<StartedProcesses>;
