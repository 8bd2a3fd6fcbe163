import { MutationCache, QueryCache, QueryClient, onlineManager } from '@tanstack/react-query';
import { connectivity, type Connectivity } from '../shared/offline/connectivity';
import { isApiError } from '../shared/api/api-error';
import { errorText } from '../shared/api/error-text';
import type { CallMeta } from '../shared/api/query-meta';
import { showToast } from '../shared/ui/toast-store';
import { authStore } from '../shared/auth/auth-store';

/** Whether the one error handler should stay quiet: something else already tells the user. */
function handledElsewhere(error: unknown): boolean {
  if (!isApiError(error)) {
    return false;
  }
  if (error.status === 401 && error.code !== 'INVALID_CREDENTIALS') {
    return true; // the sign-out says it
  }
  if (error.status === 423) {
    return true; // the lock screen says it
  }
  return error.isNetworkError && error.redirectedOffline; // the offline page says it
}

/** The one error path for every query and mutation: a toast with the call's fallback text, so no screen invents its own. */
export function reportError(error: unknown, meta: CallMeta | undefined): void {
  if (meta?.inlineError || handledElsewhere(error)) {
    return;
  }
  showToast(errorText(error, meta?.errorText));
}

function shouldRetry(failureCount: number, error: unknown): boolean {
  // Only a server hiccup is worth a retry; 4xx will not change and network failures go offline.
  return isApiError(error) && error.status >= 500 && failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => reportError(error, query.meta),
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => reportError(error, mutation.meta),
      onSuccess: (_data, _variables, _context, mutation) => {
        if (mutation.meta?.successText) {
          showToast(mutation.meta.successText, 'success');
        }
      },
    }),
    defaultOptions: {
      queries: {
        // navigator.onLine is a hint only: try, and let a real failure decide.
        networkMode: 'always',
        retry: shouldRetry,
        staleTime: 30_000,
        refetchOnWindowFocus: true,
      },
      mutations: {
        networkMode: 'always',
        retry: false,
      },
    },
  });
}

/**
 * The query cache goes on- and offline with the app's connectivity, not the browser's events alone
 * (connectivity.ts says why): when the server is back, every screen's queries that are stale load
 * again, and the ones that failed meanwhile are tried again even if their data is recent, so a menu or
 * a list that said "Failed to fetch…" mends itself without a tap. Returns the function that stops it.
 */
export function followConnectivity(client: QueryClient, source: Pick<Connectivity, 'online' | 'subscribe'> = connectivity): () => void {
  onlineManager.setEventListener((setOnline) => {
    setOnline(source.online);
    return source.subscribe(setOnline);
  });
  return source.subscribe((isOnline) => {
    if (isOnline) {
      void client.invalidateQueries({ predicate: (query) => query.state.status === 'error' }, { cancelRefetch: false });
    }
  });
}

export const queryClient = createQueryClient();
followConnectivity(queryClient);

// Personal data leaves the cache when the user signs out, the session locks, or someone else signs in.
authStore.subscribe((next, previous) => {
  const signedOut = previous.isLoggedIn && !next.isLoggedIn;
  const locked = !previous.locked && next.locked;
  const isOtherUser = !!previous.user && !!next.user && previous.user.id !== next.user.id;
  if (signedOut || locked || isOtherUser) {
    queryClient.clear();
  }
});
