import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

const API_ORIGIN = 'http://localhost:8080';
const THEME_COLOR = '#1d5c63';
const BACKGROUND_COLOR = '#f3f6f6';

export default defineConfig({
  plugins: [
    react(),
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
    rolldownOptions: {
      treeshake: {
        // @ionic/core declares no `sideEffects`, so every Ionic component would land in the bundle
        // (design.md: 2.5 MB for a five-component page). Its per-component modules only define
        // elements when @ionic/react calls defineCustomElement, so they are safe to drop when unused.
        moduleSideEffects: (id: string) => (/[\\/]@ionic[\\/]core[\\/]components[\\/]/.test(id) ? false : undefined),
        // @ionic/react leaves a few wrapper calls unannotated (IonNav, IonPage...), keeping unused
        // components alive; these two factories only build React components.
        manualPureFunctions: ['createReactComponent', 'createForwardRef'],
      },
    },
  },
});
