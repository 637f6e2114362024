import type { Config } from 'jest';

/** Every project's unit tests in one run (`npx jest -c jest.config.ts`); e2e suites have their own configs. */
const config: Config = {
  projects: ['<rootDir>/apps/*/jest.config.cts', '<rootDir>/libs/*/jest.config.cts'],
};

export default config;
