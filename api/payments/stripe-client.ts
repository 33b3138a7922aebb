// The club's Stripe account, through the official SDK: built once from the settings, or null when
// the club has not connected one (then online payment is off and everything else works).
import Stripe from 'stripe';
import type { Env } from '../platform/settings/env';

/** STRIPE_API_URL as the SDK's host, port and protocol; unset, the SDK's own (Stripe's API). */
export function stripeAddress(apiUrl: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

export function stripeClient(env: Pick<Env, 'STRIPE_SECRET_KEY' | 'STRIPE_API_URL'>): Stripe | null {
  if (!env.STRIPE_SECRET_KEY) return null;
  return new Stripe(env.STRIPE_SECRET_KEY, {
    ...stripeAddress(env.STRIPE_API_URL),
    // A request that got no answer is tried again with the same idempotency key, so it applies once.
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
  });
}
