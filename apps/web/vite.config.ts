import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Absolute paths, so the build works whichever directory it is started from.
const resolveFromHere = (relative: string) => decodeURIComponent(new URL(relative, import.meta.url).pathname);

export default defineConfig({
  root: resolveFromHere('.'),
  plugins: [
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
  ],
});
