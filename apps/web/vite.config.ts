import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { signedInFrameChunk } from './signed-in-frame-chunk';
import { signedInPreloads } from './signed-in-preloads';

// Absolute paths, so the build works whichever directory it is started from.
const resolveFromHere = (relative: string) => decodeURIComponent(new URL(relative, import.meta.url).pathname);

/** The light theme's background (index.css `--background`), for the splash screen and the title bar. */
const LIGHT_BACKGROUND = '#fcfcf9';

const frameChunk = signedInFrameChunk();

export default defineConfig({
  root: resolveFromHere('.'),
  build: {
    // Preload lists only on the way to a signed-in screen's first paint: the frame, the home page and
    // the start-up read's schemas are then fetched in one round with the chunk that imports them. Lists
    // for every lazy chunk cost /login 2 KB (brotli) of file names and indexes, and the screens' own
    // chunks come from the service worker's cache after the first visit anyway.
    modulePreload: {
      polyfill: false,
      // The HTML's list is the entry's own imports (the bundler's runtime): without it, that file was
      // found only once the entry had arrived, one round later, on every page.
      resolveDependencies: (file, deps, { hostType }) =>
        hostType === 'html' || /(^|\/)(_authenticated|start|start-up)-[\w-]+\.js$/.test(file) ? deps : [],
    },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the first page needs in one file: each file is compressed on its own, and the two
          // dozen small start-up chunks this replaces cost 11 KB more (brotli) on /login (issue 11).
          groups: [
            { name: 'app', tags: ['$initial'] },
            // Loaded on demand (lib/toasts.ts); named so a test can tell the login page never fetches it.
            { name: 'sonner', test: /[\\/]node_modules[\\/]sonner[\\/]/ },
            // Loaded before any page but the login page renders (lib/cn.ts).
            { name: 'tailwind-merge', test: /[\\/]node_modules[\\/]tailwind-merge[\\/]/ },
            // The frame of every signed-in screen in one file rather than some 25 fetched in three rounds
            // (signed-in-frame-chunk.ts). Before the icons: those no public page uses come with it.
            { name: 'signed-in-frame', test: frameChunk.test },
            // The other icons, in one file (6 KB brotli) rather than one file each:
            // the frame and home page alone asked for some 25 of them, one request and one round of
            // module loading after another (LCP of / 740 → 696 ms, median of 8, scale 0.2).
            { name: 'icons', test: /[\\/]node_modules[\\/]lucide-react[\\/]/ },
          ],
        },
      },
    },
  },
  plugins: [
    frameChunk.plugin,
    signedInPreloads(),
    // Must come before the React plugin so route files are split before they are transformed.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: resolveFromHere('./src/routes'),
      generatedRouteTree: resolveFromHere('./src/routeTree.gen.ts'),
      // Scratch files of the generator, kept out of the repository (node_modules is ignored).
      tmpDir: resolveFromHere('./node_modules/.cache/tanstack-router'),
      quoteStyle: 'single',
      semicolons: true,
    }),
    react(),
    tailwindcss(),
    VitePWA({
      // Our own worker (src/sw.ts) for push and notification clicks; Workbox only fills in the precache list.
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      // Registered by src/lib/service-worker.ts after the first paint, and only in production builds.
      injectRegister: false,
      devOptions: { enabled: false },
      injectManifest: {
        // The app shell and every route's code, so any screen opens offline; no source maps.
        globPatterns: ['**/*.{html,js,css,svg,png,woff2}'],
        globIgnores: ['**/*.map'],
      },
      manifest: {
        id: '/',
        name: 'Cairn',
        short_name: 'Cairn',
        description: 'Your self-hosted home for tasks, notes, money and time.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: LIGHT_BACKGROUND,
        background_color: LIGHT_BACKGROUND,
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
    }),
  ],
});
