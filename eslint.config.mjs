import nx from '@nx/eslint-plugin';

const SERVER_ONLY = ['@nestjs/*', 'typeorm', 'pg', 'ioredis', 'bullmq', '@nestjs/typeorm', 'fastify'];
const UI_ONLY = ['react', 'react-dom', 'react-router-dom', '@tanstack/*', '@radix-ui/*'];

export default [
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  ...nx.configs['flat/javascript'],
  {
    ignores: ['**/dist', '**/out-tsc', '**/vite.config.*.timestamp*', 'tmp/**', 'coverage/**'],
  },
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.js', '**/*.jsx'],
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: true,
          allow: ['^.*/eslint(\\.base)?\\.config\\.[cm]?[jt]s$'],
          depConstraints: [
            // Pure rules: no framework, no database, no UI.
            {
              sourceTag: 'type:domain',
              onlyDependOnLibsWithTags: ['type:domain'],
              bannedExternalImports: [...SERVER_ONLY, ...UI_ONLY, '@nestjs/swagger', 'class-validator'],
            },
            { sourceTag: 'type:config', onlyDependOnLibsWithTags: ['type:domain'], bannedExternalImports: [...SERVER_ONLY, ...UI_ONLY] },
            {
              sourceTag: 'type:contracts',
              onlyDependOnLibsWithTags: ['type:domain'],
              bannedExternalImports: ['typeorm', 'pg', 'ioredis', 'bullmq', '@nestjs/typeorm', ...UI_ONLY],
            },
            { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
            { sourceTag: 'scope:backend', onlyDependOnLibsWithTags: ['scope:backend', 'scope:shared'], bannedExternalImports: UI_ONLY },
            // The web may read the API's shapes from contracts, as types only (see the rule for apps/web below).
            { sourceTag: 'scope:frontend', onlyDependOnLibsWithTags: ['type:domain', 'type:contracts'], bannedExternalImports: SERVER_ONLY },
            { sourceTag: 'scope:test', onlyDependOnLibsWithTags: ['*'] },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.ts', '**/*.tsx'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.spec.ts', '**/*.spec.tsx', '**/*.e2e-spec.ts', '**/*.e2e-spec.tsx'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
];
