// Stripe's webhook under a storm: 500 members each with a checkout waiting, and every one of its
// `checkout.session.completed` events delivered twice at the same moment (1,000 deliveries, all in
// flight at once), signed as Stripe signs them, to the real compiled server with payments connected.
// Exactly 500 payments must end paid, with 500 receipts queued, every delivery answered 2xx.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import Stripe from 'stripe';
import { freePort, startServer } from '../../api/testing/child-server';
import { newJwtSecret } from '../../api/testing/seeded-database';
import { makeAgent, requestJson } from '../../api/testing/json-client';

export interface WebhookStormFigures {
  payments: number;
  deliveries: number;
  /** Answers by status code. */
  statuses: Record<string, number>;
  paid: number;
  receipts: number;
  wallMs: number;
  deliveriesPerSecond: number;
  ok: boolean;
}

const PAYMENTS = 500;
const SECRET_KEY = 'sk_test_bench';
const WEBHOOK_SECRET = 'whsec_bench';

/** The members and their open checkouts, written straight into the club's database. */
function seedCheckouts(databasePath: string): { paymentId: number; sessionId: string }[] {
  const db = new Database(databasePath);
  try {
    const user = db.prepare("INSERT INTO users (email, password_hash, name, role) VALUES (?, 'not-a-hash', ?, 'pending')");
    const payment = db.prepare(
      "INSERT INTO payments (user_id, member_name, kind, item, subtotal_cents, tax_cents, amount_cents, tax_name, tax_included, currency, method, status, stripe_session_id) VALUES (?, ?, 'membership', 'Full member', 25600, 3328, 28928, 'HST', 0, 'CAD', 'online', 'pending', ?)",
    );
    const out: { paymentId: number; sessionId: string }[] = [];
    db.transaction(() => {
      for (let i = 0; i < PAYMENTS; i++) {
        const name = `Payer ${i}`;
        const userId = Number(user.run(`payer${i}@club.test`, name).lastInsertRowid);
        const sessionId = `cs_bench_${String(i).padStart(6, '0')}`;
        out.push({ paymentId: Number(payment.run(userId, name, sessionId).lastInsertRowid), sessionId });
      }
    })();
    return out;
  } finally {
    db.close();
  }
}

function completedEvent(paymentId: number, sessionId: string): string {
  const session = {
    id: sessionId,
    object: 'checkout.session',
    client_reference_id: String(paymentId),
    metadata: { payment_id: String(paymentId) },
    payment_status: 'paid',
    status: 'complete',
    amount_total: 28928,
    currency: 'cad',
    payment_intent: `pi_bench_${paymentId}`,
  };
  return JSON.stringify({ id: `evt_bench_${paymentId}`, object: 'event', type: 'checkout.session.completed', created: Math.floor(Date.now() / 1000), data: { object: session } });
}

export async function measureWebhookStorm(dir: string): Promise<WebhookStormFigures> {
  mkdirSync(dir, { recursive: true });
  const databasePath = join(dir, 'club.db');
  const server = await startServer({
    databasePath,
    port: await freePort(),
    jwtSecret: newJwtSecret(),
    // Nothing here asks Stripe anything: the address only has to be one the SDK accepts.
    env: { NODE_ENV: 'production', STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: 'http://127.0.0.1:9' },
  });
  const agent = makeAgent(2 * PAYMENTS);
  try {
    const checkouts = seedCheckouts(databasePath);
    const url = `${server.url}/api/payments/stripe/webhook`;
    const deliveries = checkouts.flatMap(({ paymentId, sessionId }) => {
      const payload = completedEvent(paymentId, sessionId);
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
      return [payload, payload].map((body) => ({ body, signature }));
    });
    const statuses: Record<string, number> = {};
    const started = performance.now();
    await Promise.all(
      deliveries.map(async ({ body, signature }) => {
        // The body goes as it was signed: written again from its parse, it is the same bytes.
        const res = await requestJson(agent, url, { method: 'POST', body: JSON.parse(body), headers: { 'stripe-signature': signature } }).catch(() => null);
        const key = res ? String(res.status) : 'error';
        statuses[key] = (statuses[key] ?? 0) + 1;
      }),
    );
    const wallMs = performance.now() - started;
    const db = new Database(databasePath, { readonly: true });
    let paid: number;
    let receipts: number;
    try {
      paid = (db.prepare("SELECT count(*) AS n FROM payments WHERE status = 'paid'").get() as { n: number }).n;
      receipts = (db.prepare("SELECT count(*) AS n FROM message_queue WHERE dedupe_key LIKE 'payment-receipt:%'").get() as { n: number }).n;
    } finally {
      db.close();
    }
    return {
      payments: PAYMENTS,
      deliveries: deliveries.length,
      statuses,
      paid,
      receipts,
      wallMs,
      deliveriesPerSecond: deliveries.length / (wallMs / 1000),
      ok: paid === PAYMENTS && receipts === PAYMENTS && statuses['200'] === deliveries.length,
    };
  } finally {
    agent.destroy();
    await server.stop();
  }
}

export function renderWebhookStorm(f: WebhookStormFigures | null): string {
  if (!f) return 'Stripe webhook storm: not measured';
  const answers = Object.entries(f.statuses)
    .map(([code, n]) => `${code}×${n}`)
    .join(' ');
  return (
    `Stripe webhook, ${f.deliveries.toLocaleString('en')} deliveries for ${f.payments} payments (each twice, all at once): ` +
    `${f.paid} paid, ${f.receipts} receipts, answers ${answers} · ${f.wallMs.toFixed(0)} ms (${f.deliveriesPerSecond.toFixed(0)} deliveries/s) ${f.ok ? 'PASS' : 'FAIL'}`
  );
}
