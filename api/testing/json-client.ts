// A small JSON client on node:http with an explicit Agent, so a test decides how many sockets are
// open at once (fetch hides that) and sees connection errors as errors, not as answers.
import { Agent, request } from 'node:http';

export interface JsonAnswer {
  status: number;
  // The tests read answers of many shapes; each checks the fields it needs.
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export interface JsonRequest {
  method?: string;
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
  timeoutMs?: number;
}

export function makeAgent(maxSockets: number): Agent {
  return new Agent({ keepAlive: true, maxSockets, maxFreeSockets: Math.min(maxSockets, 256) });
}

/** Resolves with any HTTP answer; rejects only when no answer came (refused, reset, timeout). */
export function requestJson(agent: Agent, url: string, options: JsonRequest = {}): Promise<JsonAnswer> {
  const payload = options.body === undefined ? undefined : Buffer.from(JSON.stringify(options.body));
  const headers: Record<string, string | number> = { accept: 'application/json', ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (payload) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = payload.length;
  }
  return new Promise((resolve, reject) => {
    const req = request(url, { method: options.method ?? 'GET', headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown = text;
        try {
          body = text ? JSON.parse(text) : null;
        } catch {
          // not JSON: keep the text for the failure message
        }
        resolve({ status: res.statusCode ?? 0, body });
      });
    });
    req.setTimeout(options.timeoutMs ?? 30_000, () => req.destroy(new Error('request timed out')));
    req.on('error', reject);
    req.end(payload);
  });
}
