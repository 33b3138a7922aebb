// Telling a member of something outside the app, the one way: howToTell (domain/notify.ts) decides
// between a push to the devices that take the kind and an email; this queues what it decided.
import type { PushKind } from '../../domain/contract/notifications';
import { howToTell, type Urgency } from '../../domain/notify';
import type { AppDeps } from '../platform/context';
import type { MailMessage } from '../platform/message-queue';
import { devicesFor, type Notice } from './notifications';

export interface Telling {
  /** The device choice a push needs (a device that turned this kind off is not pushed to). */
  kind: PushKind;
  /** What a push says. */
  notice: Notice;
  /** The email, built only when one goes. */
  email: () => MailMessage;
  /** Once per member and thing, ever: the pushes are keyed `<key>#<device>`, the email `<key>#email`. */
  dedupeKey?: string;
  urgency?: Urgency;
}

/**
 * Queues what tells `member` (inside the caller's transaction, sent after commit). True when anything
 * was queued; false when it all was already, under the same key.
 */
export function tellMember(deps: AppDeps, member: { id: number; email: string }, telling: Telling): boolean {
  const { kind, notice, dedupeKey } = telling;
  const devices = devicesFor(deps, member.id, kind);
  const how = howToTell(devices.length, telling.urgency);
  let queued = false;
  if (how.push) {
    for (const device of devices) {
      const key = dedupeKey === undefined ? undefined : `${dedupeKey}#${device.id}`;
      if (deps.messageQueue.enqueuePush({ to: member.email, subscriptionId: device.id, ...notice }, key) !== null) queued = true;
    }
  }
  if (how.email && deps.messageQueue.enqueue(telling.email(), dedupeKey === undefined ? undefined : `${dedupeKey}#email`) !== null) {
    queued = true;
  }
  return queued;
}
