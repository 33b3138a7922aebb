import { useEffect, useId, useState } from 'react';
import { PUSH_KINDS, PUSH_KIND_LABELS, type PushDevice, type PushKinds } from '../../../../domain/contract/notifications';
import { hasRole } from '../../../../domain/contract/roles';
import { ErrorMessage, LoadError, Notice } from '../../../components/status';
import { errorMessage } from '../../../lib/data/api-client';
import { useOutboxState } from '../../../lib/offline/outbox-store';
import { PushUnavailableError, currentSubscription, pushState, type PushState } from '../../../lib/push/push';
import { loadError } from '../../../lib/data/read';
import { useSession } from '../../../lib/session/session';
import { useNotificationSettings } from '../api/notification-queries';
import { useRemoveDeviceMutation, useSaveDeviceMutation, useSetRemindersMutation } from '../api/notification-mutations';

/** What a device asks for until the member changes it: their own places and reminders, not every new workout. */
export const DEFAULT_KINDS: PushKinds = { placeFreed: true, reminders: true, newWorkouts: false, announcements: true };

const STATE_HINTS: Partial<Record<PushState, string>> = {
  unsupported:
    'This browser cannot show notifications. On an iPhone, add the app to your Home Screen first and open it from there.',
  denied: "Notifications are blocked for this site. Allow them in your browser's site settings, then come back here.",
};

/**
 * Notifications outside the app: reminders on or off (by notification where a device takes
 * them, by email otherwise), this device on or off with its own choices, and the member's other devices.
 */
export function NotificationSettings() {
  const { user } = useSession();
  const headingId = useId();
  const member = !!user && hasRole(user.role, 'member');
  const settings = useNotificationSettings(member);
  const reminders = useSetRemindersMutation();
  const save = useSaveDeviceMutation();
  const remove = useRemoveDeviceMutation();
  const { online } = useOutboxState();
  // This browser's subscription endpoint: undefined while looking, null when it has none.
  const [endpoint, setEndpoint] = useState<string | null | undefined>(undefined);
  const [draft, setDraft] = useState<PushKinds>(DEFAULT_KINDS);
  const state = pushState();

  useEffect(() => {
    let live = true;
    void currentSubscription().then((s) => {
      if (live) setEndpoint(s?.endpoint ?? null);
    });
    return () => {
      live = false;
    };
  }, [settings.data]);

  if (!member) return null;
  const error = loadError(settings);
  const devices = settings.data?.devices ?? [];
  const thisDevice = endpoint ? devices.find((d) => d.endpoint === endpoint) : undefined;
  const others = devices.filter((d) => d !== thisDevice);
  const busy = save.isPending || remove.isPending;
  const kinds = thisDevice?.kinds ?? draft;

  function choose(kind: keyof PushKinds, on: boolean) {
    const next = { ...kinds, [kind]: on };
    if (thisDevice) save.mutate(next);
    else setDraft(next);
  }

  return (
    <section aria-labelledby={headingId} className="profile-notifications">
      <h2 id={headingId}>Notifications</h2>
      {error ? (
        <LoadError onRetry={() => void settings.refetch()}>Could not load your notification settings: {errorMessage(error, 'Something went wrong')}</LoadError>
      ) : !settings.data ? (
        <p className="hint">Loading your notification settings…</p>
      ) : (
        <>
          <label className="check-row">
            <input
              type="checkbox"
              checked={reminders.isPending ? reminders.variables === true : settings.data.reminders}
              disabled={!online || reminders.isPending}
              onChange={(e) => reminders.mutate(e.currentTarget.checked)}
            />
            <span>
              Remind me before workouts I signed up for and about events I have not answered
              <span className="hint check-row__hint">
                By notification on a device below that takes reminders, by email otherwise. Workout reminders come at 7 PM
                two days before, while cancelling is still free.
              </span>
            </span>
          </label>
          {reminders.isError && <ErrorMessage>{errorMessage(reminders.error, 'Could not save your reminder setting')}</ErrorMessage>}

          <h3>This device</h3>
          {STATE_HINTS[state] && !thisDevice ? (
            <p className="hint">{STATE_HINTS[state]}</p>
          ) : (
            <fieldset className="profile-notifications__kinds" disabled={!online || busy}>
              <legend>{thisDevice ? `On for ${thisDevice.label}. Notify me when:` : 'Notify me on this device when:'}</legend>
              {PUSH_KINDS.map((kind) => (
                <label key={kind} className="check-row">
                  <input type="checkbox" checked={kinds[kind]} onChange={(e) => choose(kind, e.currentTarget.checked)} />
                  <span>{PUSH_KIND_LABELS[kind]}</span>
                </label>
              ))}
              <div className="actions">
                {thisDevice ? (
                  <button type="button" className="button button--ghost" onClick={() => remove.mutate({ id: thisDevice.id, thisDevice: true })}>
                    {remove.isPending ? 'Turning off…' : 'Turn off on this device'}
                  </button>
                ) : (
                  <button type="button" className="button button--primary" disabled={endpoint === undefined} onClick={() => save.mutate(draft)}>
                    {save.isPending ? 'Turning on…' : 'Turn on notifications on this device'}
                  </button>
                )}
              </div>
            </fieldset>
          )}
          {!online && <p className="hint">Connect to the internet to change your notifications.</p>}
          {save.isSuccess && !save.isPending && thisDevice && <Notice tone="success">Notifications are on for this device.</Notice>}
          {save.isError && (
            <ErrorMessage>
              {save.error instanceof PushUnavailableError ? save.error.message : errorMessage(save.error, 'Could not turn notifications on')}
            </ErrorMessage>
          )}
          {remove.isError && <ErrorMessage>{errorMessage(remove.error, 'Could not remove the device')}</ErrorMessage>}

          {others.length > 0 && (
            <>
              <h3>Other devices</h3>
              <ul className="profile-notifications__devices">
                {others.map((d) => (
                  <OtherDevice key={d.id} device={d} disabled={!online || busy} onRemove={() => remove.mutate({ id: d.id, thisDevice: false })} />
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </section>
  );
}

function OtherDevice({ device, disabled, onRemove }: { device: PushDevice; disabled: boolean; onRemove: () => void }) {
  const on = PUSH_KINDS.filter((k) => device.kinds[k]).length;
  return (
    <li>
      <span>
        {device.label}
        <span className="hint"> · {on === 0 ? 'nothing chosen' : `${on} of ${PUSH_KINDS.length} kinds`}</span>
      </span>
      <button type="button" className="button button--small button--ghost" disabled={disabled} onClick={onRemove} aria-label={`Remove ${device.label}`}>
        Remove
      </button>
    </li>
  );
}
