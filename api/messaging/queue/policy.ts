// How the message queue treats a send: how much runs at once, how long a claim may last, when a failed
// send is tried again, when a push service is rested, and who may still receive a message.
import { clubToday } from '../../../domain/clock';
import { hasRole } from '../../../domain/contract/roles';
import { effectiveRole } from '../../../domain/membership';
import type { Outcome, MessageRow } from './store';
import { EMAIL_TIMEOUT_MS } from './transports';
import { PUSH_TIMEOUT_MS } from './web-push';

/**
 * How much is sent at once. Every send runs on its own (a hung one holds only its slot), with at most
 * `emails` emails and `pushes` pushes in flight, and at most `perPushHost` pushes to one push
 * service; a push service that fails `hostFailures` times in a row is left alone for
 * `hostBackoffMs`, its messages rescheduled rather than sent.
 */
export interface DeliveryLimits {
  emails: number;
  pushes: number;
  perPushHost: number;
  hostFailures: number;
  hostBackoffMs: number;
  emailTimeoutMs: number;
  pushTimeoutMs: number;
}

export const DELIVERY_LIMITS: DeliveryLimits = {
  emails: 4,
  pushes: 8,
  perPushHost: 2,
  hostFailures: 3,
  hostBackoffMs: 5 * 60_000,
  emailTimeoutMs: EMAIL_TIMEOUT_MS,
  pushTimeoutMs: PUSH_TIMEOUT_MS,
};

const MAX_ATTEMPTS = 6;
/**
 * How long a claimed message is left to the process sending it: well past the longest send's
 * timeout, so a claim never runs out while its send may still land.
 */
export const CLAIM_MS = 60_000;
const backoffMs = (attempts: number) => Math.min(30_000 * 2 ** (attempts - 1), 60 * 60_000);
/** Due pushes looked at per round: those of a busy or resting push service are passed over. */
export const PUSH_SCAN = 200;

/** A failed send: tried again after a growing delay, given up after MAX_ATTEMPTS. */
export function retryLater(message: MessageRow, error: string, now: number): Outcome {
  const attempts = message.attempts + 1;
  return {
    attempts,
    lastError: error.slice(0, 500),
    status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
    nextAttemptAt: now + backoffMs(attempts),
  };
}

/** host:port of a push endpoint, the unit its push service is limited and rested by. */
export function pushHostOf(endpoint: string | null): string | null {
  if (!endpoint) return null;
  try {
    return new URL(endpoint).host;
  } catch {
    return null;
  }
}

/** The circuit breaker of the push services: one that fails `hostFailures` times in a row rests a while. */
export class PushHostHealth {
  private readonly health = new Map<string, { failures: number; restUntil: number }>();

  constructor(
    private readonly limits: Pick<DeliveryLimits, 'hostFailures' | 'hostBackoffMs'>,
    private readonly now: () => number,
  ) {}

  /** Until when this push service rests (0 or a past instant: it does not). */
  restUntil(host: string): number {
    return this.health.get(host)?.restUntil ?? 0;
  }

  /** Why a push for a resting push service is held. */
  heldReason(host: string): string {
    return `Held: the push service ${host} failed ${this.limits.hostFailures} times in a row, so it is left alone for a while.`;
  }

  /** A push service's answer (or silence) counts for or against resting it. */
  answered(host: string | null, failed: boolean): void {
    if (host === null) return;
    if (!failed) {
      this.health.delete(host);
      return;
    }
    const health = this.health.get(host) ?? { failures: 0, restUntil: 0 };
    health.failures += 1;
    if (health.failures >= this.limits.hostFailures) health.restUntil = this.now() + this.limits.hostBackoffMs;
    this.health.set(host, health);
  }
}

/** Whether this account (undefined: deleted) counts as a member on the club's today (effectiveRole). */
export function countsAsMember(user: { role: string; expiryDate: string | null } | undefined, now: number, timeZone: string): boolean {
  return user !== undefined && hasRole(effectiveRole(user, clubToday(now, timeZone)), 'member');
}
