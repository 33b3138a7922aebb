import { useEffect, useState } from 'react';
import { Notice } from '../components/status';
import type { WaitingAccount } from '../lib/offline/outbox-waiting';

/** True when this origin may hold the device database; a visitor who never signed in has none. */
async function mayHoldDeviceData(): Promise<boolean> {
  try {
    const list = await indexedDB.databases?.();
    return list === undefined || list.some((d) => d.name === 'club-offline');
  } catch {
    return typeof indexedDB !== 'undefined';
  }
}

/**
 * Changes saved on this device for accounts other than `signedInAs` (every account when no one is
 * signed in). Loads the device database only when it exists, so a visitor's sign-in page stays light.
 */
export function useWaitingAccounts(signedInAs: number | null): WaitingAccount[] | null {
  const [waiting, setWaiting] = useState<WaitingAccount[] | null>(null);
  useEffect(() => {
    let live = true;
    void (async () => {
      if (!(await mayHoldDeviceData())) return live && setWaiting([]);
      const { waitingOnDevice } = await import('../lib/offline/outbox-waiting');
      const found = await waitingOnDevice(signedInAs).catch(() => []);
      if (live) setWaiting(found);
    })();
    return () => {
      live = false;
    };
  }, [signedInAs]);
  return waiting;
}

const changes = (n: number) => (n === 1 ? 'One change' : `${n} changes`);

/** Says what waits for other accounts and that it has not reached the club; nothing when nothing waits. */
export function WaitingAccounts({ signedInAs }: { signedInAs: number | null }) {
  const waiting = useWaitingAccounts(signedInAs);
  if (!waiting || waiting.length === 0) return null;
  return (
    <div className="waiting-accounts">
      {waiting.map((w) => (
        <Notice key={w.userId} tone="warning">
          {signedInAs === null ? (
            <>
              {changes(w.count)} saved on this device {w.count === 1 ? 'waits' : 'wait'} for {w.label}’s
              account and {w.count === 1 ? 'has' : 'have'} not reached the club yet. Sign in as {w.label} to
              send {w.count === 1 ? 'it' : 'them'}.
            </>
          ) : (
            <>
              {changes(w.count)} saved on this device by {w.label} {w.count === 1 ? 'is' : 'are'} left alone:
              not sent with your account, {w.count === 1 ? 'it waits' : 'they wait'} until {w.label} signs in
              here.
            </>
          )}
        </Notice>
      ))}
    </div>
  );
}
