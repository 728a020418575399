import type { Plugin } from 'vite';

const ROUTES = /[\\/]src[\\/]routes[\\/]/;
const SIGNED_IN_LAYOUT = /[\\/]src[\\/]routes[\\/]_authenticated\.tsx(\?|$)/;
const SIGNED_IN_SCREENS = /[\\/]src[\\/]routes[\\/]_authenticated[\\/]/;

/**
 * One chunk for the signed-in frame (sidebar, header, their menus and dialogs, the data they read):
 * every module the layout route imports, directly or not, except those the public pages (login,
 * sign-up, e-mail links) use too. Left to the bundler's defaults they came as some 20 small files in
 * three rounds, each round found only once the one before was evaluated, before any signed-in
 * screen could paint; every signed-in screen loads all of them anyway, so none loads more for it.
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
        const staticClosure = (roots: string[]) => {
          const seen = new Set<string>(roots);
          const queue = [...roots];
          for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
            for (const imported of this.getModuleInfo(id)?.importedIds ?? []) {
              if (seen.has(imported)) continue;
              seen.add(imported);
              queue.push(imported);
            }
          }
          return seen;
        };
        const isPublicRoute = (id: string) =>
          ROUTES.test(id) && !SIGNED_IN_LAYOUT.test(id) && !SIGNED_IN_SCREENS.test(id);
        const publicModules = staticClosure(ids.filter(isPublicRoute));
        frame.clear();
        for (const id of staticClosure(ids.filter((id) => SIGNED_IN_LAYOUT.test(id))))
          if (!publicModules.has(id)) frame.add(id);
      },
    },
  };
}
