import nx from "@nx/eslint-plugin";
import baseConfig from "../../eslint.config.mjs";

export default [
    ...nx.configs["flat/react"],
    ...baseConfig,
    {
        files: [
            "**/*.ts",
            "**/*.tsx",
            "**/*.js",
            "**/*.jsx"
        ],
        // Override or add rules here
        rules: {}
    },
  {
    // The web app takes the API's shapes from contracts as types only, never its validators or Nest code.
    files: ['**/*.ts', '**/*.tsx'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            { name: '@veolearn/contracts', message: "The web takes the API's shapes from '@veolearn/contracts/types', with import type." },
            { name: '@veolearn/contracts/types', allowTypeImports: true, message: 'Types only: use import type.' },
          ],
        },
      ],
    },
  }
];
