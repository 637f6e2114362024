/// <reference types='vitest' />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { nxViteTsPaths } from '@nx/vite/plugins/nx-tsconfig-paths.plugin';
import { nxCopyAssetsPlugin } from '@nx/vite/plugins/nx-copy-assets.plugin';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { constants } from 'node:zlib';

export default defineConfig(() => ({
  root: import.meta.dirname,
  cacheDir: '../../node_modules/.vite/apps/web',
  server: {
    port: 4200,
    host: 'localhost',
    // The gateway owns /api; during `nx serve web` forward to it.
    proxy: { '/api': 'http://localhost:3000' },
  },
  preview: {
    port: 4300,
    host: 'localhost',
  },
  plugins: [
    react(),
    tailwindcss(),
    nxViteTsPaths(),
    nxCopyAssetsPlugin(['*.md']),
    // Brotli and gzip copies of every text asset beside it (x.js.br, x.js.gz), made once at build
    // time: the gateway sends the one the browser accepts (@fastify/static preCompressed).
    compression({
      // favicon.ico too: its three uncompressed bitmaps are 15 KB, 3.7 KB gzipped, fetched on every first visit.
      include: /\.(?:js|mjs|css|html|svg|json|txt|webmanifest|ico)$/i,
      threshold: 1024,
      skipIfLargerOrEqual: true,
      algorithms: [defineAlgorithm('gzip', { level: 9 }), defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })],
    }),
  ],
  build: {
    outDir: '../../dist/apps/web',
    emptyOutDir: true,
    reportCompressedSize: true,
    // Read by tools/bundle-report to find the lazy chunks of the landing route.
    manifest: true,
    commonjsOptions: {
      transformMixedEsModules: true,
    },
  },
}));
