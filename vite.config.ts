import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import MagicString from 'magic-string';
import { defineConfig, parseAst, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

const API_ORIGIN = 'http://localhost:8080';
const THEME_COLOR = '#1d5c63';
const BACKGROUND_COLOR = '#f3f6f6';

const IONIC_REACT = /[\\/]@ionic[\\/]react[\\/]dist[\\/]index\.js$/;

/**
 * @ionic/react writes its router-aware components as classes (`class IonTabs extends React.Component`).
 * Reading `React.Component` might run a getter, so the bundler keeps every such class, and with it
 * the Ionic web component it renders, used or not: tabs, tab bar, tab button and back button cost
 * about 7 KB gzipped on the collector's start-up path (held at most 250 KB gzipped, for a fast cold start on a tablet). Defining a React
 * component class has no side effect, so this wraps each top-level one in an IIFE annotated pure,
 * and marks top-level `React.memo(...)`-style wrappers pure: an unused component drops, a used one
 * is the same as before. Build only.
 */
/** `React.<something>`, read from an ESTree node. */
function isReactMember(node: unknown): boolean {
  const member = node as { type?: string; object?: { type?: string; name?: string } } | null | undefined;
  return member?.type === 'MemberExpression' && member.object?.type === 'Identifier' && member.object.name === 'React';
}

function ionicReactPureClasses(): Plugin {
  return {
    name: 'thera:ionic-react-pure-classes',
    apply: 'build',
    transform: {
      filter: { id: IONIC_REACT },
      handler(code) {
        const source = new MagicString(code);
        let wrapped = 0;
        for (const node of parseAst(code).body) {
          if (node.type === 'ClassDeclaration' && node.id && isReactMember(node.superClass)) {
            source.appendLeft(node.start, `const ${node.id.name} = /* @__PURE__ */ (() => `);
            source.appendRight(node.end, ')();');
            wrapped += 1;
          }
          // `const IonTabBarContainer = React.memo(...)`: the same, for React's own wrappers.
          if (node.type === 'VariableDeclaration') {
            for (const declaration of node.declarations) {
              const init = declaration.init;
              if (init?.type === 'CallExpression' && isReactMember(init.callee)) {
                source.appendLeft(init.start, '/* @__PURE__ */ ');
              }
            }
          }
        }
        if (wrapped === 0) {
          this.warn('found no React component classes in @ionic/react: its build changed, the plugin can go');
          return null;
        }
        return { code: source.toString(), map: source.generateMap({ hires: true }) };
      },
    },
  };
}

/**
 * ionicons/icons is one module of 1,357 icons. Bundled as it is, every icon the app imports anywhere
 * lands in the one chunk that module becomes, which the collector loads at start-up: each lazy
 * screen's icons grew the cold start. This gives each icon a module of its own, so an icon travels
 * with the code that imports it. The app keeps importing from 'ionicons/icons' (types and tests are
 * unchanged); only the build sees the split. Build only.
 */
const IONICONS_IMPORT = /import\s*\{([^}]*)\}\s*from\s*['"]ionicons\/icons['"];?/g;
const ICON_MODULE = '\0ionicon:';

function ioniconsPerIcon(): Plugin {
  let icons: Map<string, string> | undefined;
  const iconValues = () =>
    (icons ??= new Map(
      [...readFileSync(fileURLToPath(import.meta.resolve('ionicons/icons')), 'utf8').matchAll(/^export const (\w+) = (".*");?$/gm)].map(
        ([, name, value]) => [name!, value!],
      ),
    ));
  return {
    name: 'thera:ionicons-per-icon',
    apply: 'build',
    enforce: 'pre',
    resolveId: (id) => (id.startsWith(ICON_MODULE) ? id : null),
    load(id) {
      if (!id.startsWith(ICON_MODULE)) {
        return null;
      }
      const name = id.slice(ICON_MODULE.length);
      const value = iconValues().get(name);
      if (value === undefined) {
        this.error(`ionicons has no icon named ${name}`);
      }
      return `export const icon = ${value};`;
    },
    transform: {
      filter: { id: /[\\/]src[\\/].*\.tsx?$/, code: 'ionicons/icons' },
      handler(code) {
        const source = new MagicString(code);
        for (const match of code.matchAll(IONICONS_IMPORT)) {
          const imports = match[1]!
            .split(',')
            .map((name) => name.trim())
            .filter(Boolean)
            .map((name) => {
              const [imported, local = imported] = name.split(/\s+as\s+/);
              return `import { icon as ${local} } from '${ICON_MODULE}${imported}';`;
            });
          source.overwrite(match.index, match.index + match[0].length, imports.join('\n'));
        }
        return { code: source.toString(), map: source.generateMap({ hires: true }) };
      },
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    ionicReactPureClasses(),
    ioniconsPerIcon(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      // Prompt mode: a new worker waits until the page sends SKIP_WAITING (src/app/update-prompt.tsx).
      registerType: 'prompt',
      // The page registers the worker through virtual:pwa-register/react; nothing is injected into
      // index.html, which must stay free of inline scripts (CSP script-src 'self').
      injectRegister: false,
      injectManifest: {
        // vite-plugin-pwa emits an ES module by default, which fails to evaluate as a classic
        // worker ("ServiceWorker script evaluation failed").
        rollupFormat: 'iife',
        // Precache every chunk, lazy pages included, so the app loads fully offline.
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest,woff2}'],
      },
      includeAssets: ['favicon.svg', 'icons/apple-touch-icon-180.png'],
      manifest: {
        id: '/',
        name: 'Thera',
        short_name: 'Thera',
        description: 'Therapy and special-education organizations: sessions, goals and data collection, online and offline.',
        lang: 'en',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        theme_color: THEME_COLOR,
        background_color: BACKGROUND_COLOR,
        categories: ['education', 'medical', 'productivity'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      devOptions: { enabled: false },
    }),
  ],
  resolve: {
    // @ionic/react-router ships a nested copy of @ionic/react (and @ionic/core); two copies mean two
    // router contexts and twice the components. Force one.
    dedupe: ['react', 'react-dom', 'react-router', 'react-router-dom', '@ionic/react', '@ionic/core'],
  },
  server: {
    proxy: {
      '/api': API_ORIGIN,
      '/healthz': API_ORIGIN,
      '/readyz': API_ORIGIN,
    },
  },
  build: {
    target: 'es2022',
    modulePreload: {
      // The entry chunk lazily imports every screen, and by default names each screen's chunks for
      // preloading: one list of every chunk file of the app, inside the collector's start-up code,
      // growing with every feature (120 names, 1.7 KB gzipped). From the entry, only CSS is named;
      // a screen's own chunks load as its imports are met (from the service worker's cache once
      // installed). Imports further down keep their preloads.
      resolveDependencies: (_file, deps, { hostId }) => (/(^|\/)index-[^/]*\.js$/.test(hostId) ? [] : deps),
    },
    rolldownOptions: {
      treeshake: {
        // @ionic/core declares no `sideEffects`, so every Ionic component would land in the bundle
        // (a page of five components weighed 2.5 MB). Its per-component modules only define
        // elements when @ionic/react calls defineCustomElement, so they are safe to drop when unused.
        moduleSideEffects: (id: string) => (/[\\/]@ionic[\\/]core[\\/]components[\\/]/.test(id) ? false : undefined),
        // @ionic/react leaves a few wrapper calls unannotated (IonNav, IonPage...), keeping
        // unused components alive; these factories only build React components.
        manualPureFunctions: ['createReactComponent', 'createForwardRef', 'defineRoutes'],
      },
      output: {
        // React Query in one chunk: left to the bundler, each lazy admin screen regrouped it into more
        // start-up chunks and the collector's cold start grew past its budget.
        // The small shared modules every screen's start loads (the API client, connectivity, the dialog,
        // error sentences, stored-data checks, toasts, limits, the route tables) in one chunk too: as
        // ten files each paid its own gzip overhead, and the collector's cold start passed its budget.
        codeSplitting: {
          groups: [
            { name: 'react-query', test: /[\\/]node_modules[\\/]@tanstack[\\/](react-query|query-core)[\\/]/ },
            {
              name: 'shared-small',
              test: /[\\/]src[\\/]shared[\\/](ui[\\/](dialog|toast-store)|api[\\/](error-text|calls|client|api-error)|offline[\\/](connectivity|offline-redirect)|db[\\/]checks)\.tsx?$|[\\/]contract[\\/](limits\.ts$|routes[\\/](define|accounts|workspace|organizations|roles|scheduling|collector|goals-library)\.ts$)/,
            },
          ],
        },
      },
    },
  },
});
