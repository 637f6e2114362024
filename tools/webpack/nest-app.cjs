// @ts-check
'use strict';
/**
 * The one webpack configuration of the Nest apps (gateway and services): a Node bundle of
 * src/main.ts compiled with tsc into dist/apps/<name>, with a generated package.json and source
 * maps. Each app's webpack.config.js calls this with its name and any extra assets.
 */
const { NxAppWebpackPlugin } = require('@nx/webpack/app-plugin');
const { join } = require('node:path');

/**
 * @param {string} name the app's folder under apps/ (and dist/apps/)
 * @param {{ assets?: Array<string | { input: string; glob: string; output: string }> }} [options]
 */
function nestAppConfig(name, options = {}) {
  return {
    output: {
      path: join(__dirname, '../../dist/apps', name),
      clean: true,
      ...(process.env.NODE_ENV !== 'production' && {
        devtoolModuleFilenameTemplate: '[absolute-resource-path]',
      }),
    },
    plugins: [
      new NxAppWebpackPlugin({
        target: 'node',
        compiler: 'tsc',
        // Types are checked once by each project's typecheck target (npm test runs it before the
        // build); a second full check per app inside webpack only doubled the build's CPU time.
        typeCheckOptions: false,
        main: './src/main.ts',
        tsConfig: './tsconfig.app.json',
        assets: ['./src/assets', ...(options.assets ?? [])],
        optimization: false,
        outputHashing: 'none',
        generatePackageJson: true,
        sourceMap: true,
      }),
    ],
  };
}

module.exports = { nestAppConfig };
