/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { z } from 'zod';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null } | string>;
};

// zod's `new Function` probe is blocked by the worker's CSP (script-src 'self'); don't try.
z.config({ jitless: true });

// The app shell and every chunk, so the app starts without a network.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Navigations get the precached index.html (the router takes it from there); the API, health
// checks and API docs always go to the network.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), {
    denylist: [/^\/api(\/|$)/, /^\/healthz$/, /^\/readyz$/],
  }),
);

// Prompt mode: a new version waits until the page says so (src/app/update-prompt.tsx asks
// canActivateUpdate() first, so pending outbox data is never caught between two versions).
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data: unknown = event.data;
  if (typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'SKIP_WAITING') {
    void self.skipWaiting();
  }
});

// A first install controls the open page at once; updates still wait for SKIP_WAITING above.
clientsClaim();

// Collector spot: the outbox drain (pages' requests, sync event, worker start-up) registers itself by adding the
// line `import './outbox-sync';` right below this comment.
import './outbox-sync';
