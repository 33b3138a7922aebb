// The service worker's answer to the web app manifest (pwa/public/manifest-sw.js), run against a
// stand-in for the worker's global scope: the network's manifest (the club's settings in force), the
// precache's copy only when the network fails, and nothing else of the worker's requests taken.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';

const source = readFileSync(join(process.cwd(), 'pwa/public/manifest-sw.js'), 'utf8');
const ORIGIN = 'https://club.test';

function worker(network: (request: Request) => Promise<Response>, kept: Response | undefined) {
  let listener: ((event: unknown) => void) | undefined;
  const self = { addEventListener: (type: string, fn: (event: unknown) => void) => type === 'fetch' && (listener = fn), location: { origin: ORIGIN } };
  const caches = { match: vi.fn(async () => kept) };
  new Function('self', 'fetch', 'caches', 'Response', source)(self, network, caches, Response);
  return {
    caches,
    /** The answer the worker gives, or null when it leaves the request to the next listener. */
    async fetch(url: string, method = 'GET'): Promise<{ answer: Response | null; stopped: boolean }> {
      const answers: Promise<Response>[] = [];
      const stopped = vi.fn();
      listener!({ request: new Request(url, { method }), respondWith: (p: Promise<Response>) => answers.push(p), stopImmediatePropagation: stopped });
      return { answer: answers[0] ? await answers[0] : null, stopped: stopped.mock.calls.length > 0 };
    },
  };
}

const manifest = (name: string) => new Response(JSON.stringify({ name }), { headers: { 'content-type': 'application/manifest+json' } });

describe("the service worker's manifest", () => {
  it("is the network's, the club's settings in force, ahead of the precache's copy", async () => {
    const sw = worker(async () => manifest('Harbour Rowing and Triathlon Club'), manifest('University Triathlon Club'));
    const { answer, stopped } = await sw.fetch(`${ORIGIN}/manifest.webmanifest`);
    expect(await answer!.json()).toEqual({ name: 'Harbour Rowing and Triathlon Club' });
    // The precache's own listener never answers it.
    expect(stopped).toBe(true);
    expect(sw.caches.match).not.toHaveBeenCalled();
  });

  it('is the copy the device kept when the network fails (offline)', async () => {
    const sw = worker(() => Promise.reject(new TypeError('offline')), manifest('University Triathlon Club'));
    const { answer } = await sw.fetch(`${ORIGIN}/manifest.webmanifest`);
    expect(await answer!.json()).toEqual({ name: 'University Triathlon Club' });
    expect(sw.caches.match).toHaveBeenCalledWith(expect.any(Request), { ignoreSearch: true });
  });

  it('leaves every other request to the worker', async () => {
    const sw = worker(async () => manifest('x'), undefined);
    for (const [url, method] of [
      [`${ORIGIN}/`, 'GET'],
      [`${ORIGIN}/icons/icon-192.png`, 'GET'],
      [`${ORIGIN}/manifest.webmanifest`, 'POST'],
      ['https://elsewhere.test/manifest.webmanifest', 'GET'],
    ] as const) {
      expect(await sw.fetch(url, method), `${method} ${url}`).toEqual({ answer: null, stopped: false });
    }
  });
});
