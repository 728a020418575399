import type { Plugin } from 'vite';

const ROUTES = /[\\/]src[\\/]routes[\\/]/;
const SIGNED_IN_LAYOUT = /[\\/]src[\\/]routes[\\/]_authenticated\.tsx(\?|$)/;
const SIGNED_IN_SCREENS = /[\\/]src[\\/]routes[\\/]_authenticated[\\/]/;
/**
 * Loaded on every signed-in page before it can show anything, though not imported by the layout:
 * the start-up read's schemas (routes/-start-up.ts, imported on demand), and the icons, which came
 * in a file of their own that every signed-in screen loaded whole.
 */
const ALSO_BEFORE_FIRST_PAINT = [
  /[\\/]packages[\\/]contracts[\\/]src[\\/]start-up\.ts$/,
  /[\\/]node_modules[\\/]lucide-react[\\/]/,
];

/**
 * One chunk for the signed-in frame (sidebar, header, their menus and dialogs, the data they read):
 * every module the layout route imports, directly or not, with the start-up read's schemas and the
 * icons, except what the public pages (login, sign-up, e-mail links) may load too. Left to
 * the bundler's defaults they came as some 25 small files in three rounds, each round found only
 * once the one before was evaluated, before any signed-in screen could paint; every signed-in screen
 * loads all of them anyway, so none loads more for it.
 *
 * `test` goes in a code-splitting group; the plugin fills its set once the module graph is known,
 * before the chunks are made.
 */
export function signedInFrameChunk(): { plugin: Plugin; test: (id: string) => boolean } {
  const frame = new Set<string>();
  return {
    test: (id) => frame.has(id),
    plugin: {
      name: 'cairn:signed-in-frame-chunk',
      apply: 'build',
      buildEnd() {
        const ids = [...this.getModuleIds()];
        const closure = (roots: string[], { isDynamicFollowed }: { isDynamicFollowed: boolean }) => {
          const seen = new Set<string>(roots);
          const queue = [...roots];
          for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
            const info = this.getModuleInfo(id);
            const next = [
              ...(info?.importedIds ?? []),
              ...(isDynamicFollowed ? (info?.dynamicallyImportedIds ?? []) : []),
            ];
            for (const imported of next) {
              if (seen.has(imported)) continue;
              seen.add(imported);
              queue.push(imported);
            }
          }
          return seen;
        };
        // Route files only: a helper beside them (named with a leading '-') counts by who imports it.
        const isPublicRoute = (id: string) =>
          ROUTES.test(id) &&
          !/[\\/]-[^\\/]*$/.test(id) &&
          !SIGNED_IN_LAYOUT.test(id) &&
          !SIGNED_IN_SCREENS.test(id);
        // Whatever a public page may load, now or later, stays out: it would bring the whole frame.
        const publicModules = closure(ids.filter(isPublicRoute), { isDynamicFollowed: true });
        const roots = ids.filter(
          (id) => SIGNED_IN_LAYOUT.test(id) || ALSO_BEFORE_FIRST_PAINT.some((pattern) => pattern.test(id)),
        );
        frame.clear();
        for (const id of closure(roots, { isDynamicFollowed: false }))
          if (!publicModules.has(id)) frame.add(id);
      },
    },
  };
}
