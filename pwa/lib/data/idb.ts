// Plain IndexedDB for the two reads a first paint needs (the persisted query cache, whether the
// outbox holds anything): Dexie (30 KB gzip) loads only when the outbox has work (docs/decisions/0061).

/** The device database of the outbox (Dexie's, offline-db.ts); outbox-boot.ts only peeks into it. */
export const OFFLINE_DB = 'club-offline';
/** The persisted query cache (query-persister.ts). */
export const QUERIES_DB = 'club-queries';

/** The result of an IndexedDB request, as a promise. */
export function settled<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

/** Resolves when a read-write transaction has committed. */
export function committed(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
}

/**
 * Opens a database that another module creates, without creating it: null when it does not exist
 * yet (the creation is aborted, so nothing is left behind). The connection gives way to an upgrade.
 */
export async function openIfExists(name: string): Promise<IDBDatabase | null> {
  const request = indexedDB.open(name);
  let missing = false;
  request.onupgradeneeded = () => {
    missing = true;
    request.transaction?.abort();
  };
  try {
    const db = await settled(request);
    db.onversionchange = () => db.close();
    return db;
  } catch (err) {
    if (missing) return null;
    throw err;
  }
}
