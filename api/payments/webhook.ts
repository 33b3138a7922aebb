// Stripe's webhook: each delivery verified on its raw bytes with the SDK (signature and age), then
// settled through fulfil.ts. Stripe delivers at least once, for days, in any order: an event handled
// before is answered 2xx and changes nothing, and an event the app has no use for is taken as well.
import { lt } from 'drizzle-orm';
import type Stripe from 'stripe';
import { stripeEvents } from '../../db/schema';
import { WEBHOOK_SIGNATURE_ERROR } from '../../domain/contract/members/payments';
import { STRIPE_EVENT_RETENTION_MS } from '../../domain/payments/payments';
import type { AppDeps } from '../platform/context';
import { ServiceError } from '../platform/errors';
import { settle, sessionFacts, type News, type Settled } from './fulfil';

/** How old a delivery's signature may be, in seconds (the SDK's default): an older one is a replay. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

const NEWS: Partial<Record<Stripe.Event['type'], News>> = {
  'checkout.session.completed': 'paid',
  'checkout.session.async_payment_succeeded': 'paid',
  'checkout.session.async_payment_failed': 'failed',
  'checkout.session.expired': 'expired',
};

/** Verifies and handles one delivery; a bad, stale or missing signature is a 400 that changes nothing. */
export async function receiveWebhook(deps: AppDeps, payload: Uint8Array, signature: string | undefined): Promise<Settled | 'ignored'> {
  const secret = deps.env.STRIPE_WEBHOOK_SECRET;
  if (!deps.stripe || !secret || !signature) throw new ServiceError(400, WEBHOOK_SIGNATURE_ERROR);
  let event: Stripe.Event;
  try {
    // The age is measured on the app's clock (epoch ms, as the SDK takes it), the one the tests move.
    event = await deps.stripe.webhooks.constructEventAsync(payload, signature, secret, WEBHOOK_TOLERANCE_SECONDS, undefined, deps.clock());
  } catch {
    throw new ServiceError(400, WEBHOOK_SIGNATURE_ERROR);
  }
  const news = NEWS[event.type];
  if (!news) return 'ignored';
  const session = event.data.object as Stripe.Checkout.Session;
  return settle(deps, sessionFacts(session), news, { id: event.id, type: event.type }).outcome;
}

/** Forgets the ids of events received before the retention (Stripe stopped retrying them long ago); answers how many. */
export function pruneStripeEvents(deps: AppDeps): number {
  return deps.database.db.delete(stripeEvents).where(lt(stripeEvents.receivedAt, deps.clock() - STRIPE_EVENT_RETENTION_MS)).run().changes;
}
