import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { nxViteTsPaths } from '@nx/vite/plugins/nx-tsconfig-paths.plugin';

/**
 * The SCORM package's launch page (scorm/index.html → src/scorm/main.tsx): the web app's player over
 * the in-browser attempt backend, built on its own into dist/apps/web/scorm-player with relative
 * paths, so that the export-service can put it in a zip next to lesson.js and the media. Run after the
 * web build, which empties dist/apps/web (`nx run web:build` does both, in order).
 */
/**
 * A classic deferred script instead of a module script: browsers refuse module scripts on file:// pages,
 * and a package opened from an unzipped folder must still play (saying that progress is not saved).
 */
function classicScript(): Plugin {
  return {
    name: 'veolearn-scorm-classic-script',
    apply: 'build',
    enforce: 'post',
    transformIndexHtml: (html) => html.replace(/<script type="module" crossorigin src=/g, '<script defer src=').replace(/<link rel="stylesheet" crossorigin href=/g, '<link rel="stylesheet" href='),
  };
}

export default defineConfig({
  root: `${import.meta.dirname}/scorm`,
  base: './',
  cacheDir: '../../../node_modules/.vite/apps/web-scorm',
  publicDir: false,
  plugins: [react(), tailwindcss(), nxViteTsPaths(), classicScript()],
  build: {
    outDir: '../../../dist/apps/web/scorm-player',
    emptyOutDir: true,
    reportCompressedSize: true,
    // One script and one stylesheet: nothing is lazy in a package that plays one lesson.
    modulePreload: false,
    cssCodeSplit: false,
    assetsInlineLimit: 0,
    rollupOptions: { output: { format: 'iife', inlineDynamicImports: true } },
    commonjsOptions: {
      transformMixedEsModules: true,
    },
  },
});
