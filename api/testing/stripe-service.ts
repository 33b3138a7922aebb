// A stand-in for Stripe's API for tests: an HTTP server on 127.0.0.1 that the real `stripe` package
// talks to (STRIPE_API_URL), keeping Checkout Sessions and refunds the way Stripe does (an
// idempotency key answers the same object again), with a checkout page a browser pays on, and the
// events Stripe would send, signed by the SDK's own test header helper.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export const TEST_STRIPE_KEY = 'sk_test_club_stand_in';
export const TEST_WEBHOOK_SECRET = 'whsec_club_stand_in_secret';

type Json = Record<string, unknown>;

export interface StandInSession {
  id: string;
  object: 'checkout.session';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  payment_intent: string | null;
  customer_email: string | null;
  success_url: string;
  cancel_url: string;
  url: string;
  line_items: Json[];
}

export interface StandInRefund {
  id: string;
  object: 'refund';
  amount: number;
  payment_intent: string;
  status: 'succeeded';
  idempotencyKey: string | null;
}

export interface StripeStandIn {
  /** STRIPE_API_URL for a server under test. */
  url: string;
  /** The env a server needs to use the stand-in. */
  env: Record<string, string>;
  sessions: Map<string, StandInSession>;
  refunds: StandInRefund[];
  /** Every API request made: method, path and idempotency key. */
  requests: { method: string; path: string; idempotencyKey: string | null }[];
  /** The session as paid (what paying on the checkout page does), without telling anyone. */
  pay(sessionId: string): StandInSession;
  expire(sessionId: string): StandInSession;
  /** An event of `type` about the session as it stands (or as `override` changes it), with its own id unless given. */
  event(type: string, sessionId: string, options?: { id?: string; override?: Partial<StandInSession> }): string;
  /** The Stripe-Signature header for a payload, signed at `timestamp` (seconds) with the webhook secret (or `secret`). */
  sign(payload: string, timestamp: number, secret?: string): string;
  /** Where the checkout page sends its event once paid (a webhook URL), with the clock it signs by. */
  deliverTo(url: string | null, now?: () => number): void;
  /** The answer the next API requests get instead (e.g. 500), or null for the normal ones. */
  fail(status: number | null): void;
  close(): Promise<void>;
}

const webhooks = Stripe.webhooks;

/** `a[b][0][c]=1` form fields as the nested object they encode. */
function decodeForm(body: string): Json {
  const out: Json = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.split(/\[|\]\[|\]/).filter((p) => p !== '');
    let node: Json = out;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value;
      else node = (node[part] ??= /^\d+$/.test(parts[i + 1]!) ? ([] as unknown as Json) : {}) as Json;
    });
  }
  return out;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const sessions = new Map<string, StandInSession>();
  const refunds: StandInRefund[] = [];
  const requests: StripeStandIn['requests'] = [];
  const byKey = new Map<string, Json>();
  let counter = 0;
  let failing: number | null = null;
  let webhookUrl: string | null = null;
  let clock: () => number = Date.now;
  let base = '';
  const next = (prefix: string) => `${prefix}_test_${(counter += 1).toString().padStart(6, '0')}`;

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': next('req') }).end(JSON.stringify(body));
  };
  const notFound = (res: ServerResponse) => send(res, 404, { error: { type: 'invalid_request_error', message: 'No such object' } });

  const pay = (id: string) => {
    const session = sessions.get(id)!;
    session.status = 'complete';
    session.payment_status = 'paid';
    session.payment_intent ??= next('pi');
    return session;
  };
  const event = (type: string, sessionId: string, options: { id?: string; override?: Partial<StandInSession> } = {}) => {
    const session = { ...sessions.get(sessionId)!, ...options.override };
    const { line_items: _items, ...object } = session;
    return JSON.stringify({ id: options.id ?? next('evt'), object: 'event', type, api_version: '2025-01-01', created: Math.floor(clock() / 1000), data: { object } });
  };
  const sign = (payload: string, timestamp: number, secret = TEST_WEBHOOK_SECRET) => webhooks.generateTestHeaderString({ payload, secret, timestamp });

  async function api(req: IncomingMessage, res: ServerResponse, path: string) {
    const idempotencyKey = (req.headers['idempotency-key'] as string | undefined) ?? null;
    requests.push({ method: req.method ?? '', path, idempotencyKey });
    const body = decodeForm(await readBody(req));
    if (failing !== null) return send(res, failing, { error: { type: 'api_error', message: 'The stand-in was told to fail' } });
    if (idempotencyKey && req.method === 'POST' && byKey.has(`${path} ${idempotencyKey}`)) return send(res, 200, byKey.get(`${path} ${idempotencyKey}`));
    let answer: Json;
    if (req.method === 'POST' && path === '/v1/checkout/sessions') {
      const items = (body.line_items as Json[] | undefined) ?? [];
      const id = next('cs');
      const session: StandInSession = {
        id,
        object: 'checkout.session',
        status: 'open',
        payment_status: 'unpaid',
        amount_total: items.reduce((sum, item) => sum + Number((item.price_data as Json).unit_amount) * Number(item.quantity ?? 1), 0),
        currency: String((items[0]?.price_data as Json | undefined)?.currency ?? 'cad'),
        client_reference_id: (body.client_reference_id as string | undefined) ?? null,
        metadata: (body.metadata as Record<string, string> | undefined) ?? {},
        payment_intent: null,
        customer_email: (body.customer_email as string | undefined) ?? null,
        success_url: String(body.success_url),
        cancel_url: String(body.cancel_url),
        url: `${base}/checkout/${id}`,
        line_items: items,
      };
      sessions.set(id, session);
      answer = session as unknown as Json;
    } else if (req.method === 'GET' && path.startsWith('/v1/checkout/sessions/')) {
      const session = sessions.get(path.slice('/v1/checkout/sessions/'.length));
      if (!session) return notFound(res);
      answer = session as unknown as Json;
    } else if (req.method === 'POST' && path === '/v1/refunds') {
      const refund: StandInRefund = { id: next('re'), object: 'refund', amount: Number(body.amount), payment_intent: String(body.payment_intent), status: 'succeeded', idempotencyKey };
      refunds.push(refund);
      answer = refund as unknown as Json;
    } else {
      return notFound(res);
    }
    if (idempotencyKey && req.method === 'POST') byKey.set(`${path} ${idempotencyKey}`, answer);
    return send(res, 200, answer);
  }

  // The checkout page a browser pays on: one button, then the event to the webhook, then back to the club.
  async function checkoutPage(req: IncomingMessage, res: ServerResponse, path: string) {
    const [, , id, action] = path.split('/');
    const session = sessions.get(id ?? '');
    if (!session) return res.writeHead(404).end('No such checkout');
    if (req.method === 'POST' && action === 'pay') {
      await readBody(req);
      pay(session.id);
      if (webhookUrl) {
        const payload = event('checkout.session.completed', session.id);
        await fetch(webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': sign(payload, Math.floor(clock() / 1000)) }, body: payload }).catch(() => undefined);
      }
      return res.writeHead(303, { location: session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id) }).end();
    }
    const amount = `${(session.amount_total / 100).toFixed(2)} ${session.currency.toUpperCase()}`;
    res
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(
        `<!doctype html><html lang="en"><head><title>Stand-in checkout</title></head><body><main><h1>Pay ${amount}</h1><form method="post" action="/checkout/${session.id}/pay"><button type="submit">Pay ${amount}</button></form><a href="${session.cancel_url}">Back</a></main></body></html>`,
      );
  }

  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    const handle = path.startsWith('/v1/') ? api(req, res, path) : checkoutPage(req, res, path);
    handle.catch((err: unknown) => res.writeHead(500).end(String(err)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;
  return {
    url: base,
    env: { STRIPE_SECRET_KEY: TEST_STRIPE_KEY, STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET, STRIPE_API_URL: base },
    sessions,
    refunds,
    requests,
    pay,
    expire: (id) => {
      const session = sessions.get(id)!;
      session.status = 'expired';
      return session;
    },
    event,
    sign,
    deliverTo: (url, now) => {
      webhookUrl = url;
      if (now) clock = now;
    },
    fail: (status) => {
      failing = status;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
