// The data layer of a signed-in user's screens, loaded with the first such screen (the router nests
// those routes under this one), so a static public page, or a visitor's page that reads the API
// (lib/data/read.ts, docs/decisions/0062), never downloads it.
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { useEffect, useMemo, type ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { onSynced, onWritten } from '../../lib/offline/outbox-store';
import { applyWritten } from '../../lib/data/post-cache';
import { devicePersister } from '../../lib/data/query-persister';
import { OFFLINE_MAX_AGE_MS, queryClient, useQueryRead } from '../../lib/data/query-client';
import { ReadRunnerProvider } from '../../lib/data/read';
import { useOfflineSet } from '../../lib/data/offline-set';
import { hasRole } from '../../../domain/contract/roles';
import { onSignOut, useSession } from '../../lib/session/session';

/** Bumped when a cached answer's shape changes: an older copy on a device is then dropped. */
const CACHE_BUSTER = 'v1';

/**
 * Every answer on screen is kept, also one whose latest refresh failed offline (its status is then
 * 'error' and TanStack's default would drop it): that copy is what the next offline visit shows.
 */
// Never a safety card (the 'safety' reads): health data is kept only in its own store (lib/offline/safety-store.ts).
const dehydrateOptions = {
  shouldDehydrateQuery: (query: { queryKey: readonly unknown[]; state: { data: unknown } }) => query.state.data !== undefined && query.queryKey[0] !== 'safety',
};

const owners = new WeakMap<QueryClient, number | undefined>();

/** Answers read for one user (or a visitor) are never shown to another. */
function ownCache(client: QueryClient, userId: number | undefined): void {
  if (owners.has(client) && owners.get(client) === userId) return;
  owners.set(client, userId);
  client.clear();
}

/** Keeps the member's offline set on the device (lib/data/offline-set.ts), once their copy is restored. */
function OfflineSet({ client, member, userId }: { client: QueryClient; member: boolean; userId: number | undefined }) {
  useOfflineSet(client, member, userId);
  return null;
}

interface Props {
  children?: ReactNode;
  /** Tests give each test its own client and say whether the device database exists. */
  client?: QueryClient;
  persist?: boolean;
  /** Read the offline set (tests of a screen leave it out: they answer only what the screen reads). */
  offlineSet?: boolean;
}

export function QueryLayer({ children, client = queryClient, persist = true, offlineSet = true }: Props) {
  const { user } = useSession();
  const userId = user?.id;
  const persister = useMemo(() => {
    ownCache(client, userId);
    return userId === undefined || !persist ? null : devicePersister(userId);
  }, [client, userId, persist]);

  // Every answer of the club to a member's write reaches every copy kept of the thing it changed.
  useEffect(() => onWritten((written) => applyWritten(client, written)), [client]);
  // Writes queued offline reached the server: every screen reloads what it shows.
  useEffect(() => onSynced(() => void client.invalidateQueries()), [client]);

  useEffect(() => {
    if (!persister) return;
    const stop = onSignOut(async (reason) => {
      persister.stop();
      client.clear();
      // An explicit logout wipes the user's copy; a session the server ended keeps it for the
      // same user's next sign-in (their changes may still wait in the outbox, and their pages with them).
      if (!reason) await persister.removeClient();
    });
    return () => {
      stop();
      persister.stop();
    };
  }, [persister, client]);

  const content = (
    <ReadRunnerProvider value={useQueryRead}>
      {offlineSet && <OfflineSet client={client} member={hasRole(user?.role, 'member')} userId={userId} />}
      {children ?? <Outlet />}
    </ReadRunnerProvider>
  );
  if (!persister) return <QueryClientProvider client={client}>{content}</QueryClientProvider>;
  return (
    <PersistQueryClientProvider
      key={userId}
      client={client}
      persistOptions={{ persister, maxAge: OFFLINE_MAX_AGE_MS, buster: CACHE_BUSTER, dehydrateOptions }}
    >
      {content}
    </PersistQueryClientProvider>
  );
}
