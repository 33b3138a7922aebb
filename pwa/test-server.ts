// The network of the component tests: MSW answers every /api request (set up in test-setup.ts), and
// each feature's test helpers say how. Nothing in the code under test knows about it.
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

export const server = setupServer();

/** One request the page made, as the tests look at it. */
export interface ApiCall {
  method: string;
  /** '/api/…' with the query, as the page asked for it. */
  url: string;
  /** The path after /api, with the query. */
  path: string;
  /** The JSON body, parsed; a FormData for uploads; undefined without a body. */
  body: unknown;
  /** The body as sent, for tests that read it themselves. */
  text: string | undefined;
  headers: Record<string, string>;
}

/** What a test answers: a Response, or 'network-error' for a request that never gets an answer. */
export type ApiReply = Response | 'network-error';

/** The upload as the page's own FormData and File (the test's window), not the network layer's. */
async function pageFormData(received: Awaited<ReturnType<Request['formData']>>): Promise<FormData> {
  const form = new FormData();
  for (const [name, value] of received.entries()) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new File([await value.arrayBuffer()], value.name, { type: value.type }));
  }
  return form;
}

async function readCall(request: Request): Promise<ApiCall> {
  const url = new URL(request.url);
  const headers = Object.fromEntries(request.headers.entries());
  let body: unknown;
  let text: string | undefined;
  if ((headers['content-type'] ?? '').startsWith('multipart/form-data')) body = await pageFormData(await request.formData());
  else {
    text = (await request.text()) || undefined;
    body = text === undefined ? undefined : JSON.parse(text);
  }
  return { method: request.method, url: url.pathname + url.search, path: url.pathname.replace(/^\/api/, '') + url.search, body, text, headers };
}

/**
 * Sends every /api request to `respond` and records it. A handler that throws or rejects counts as a
 * request that never got an answer (offline), as fetch would report it.
 */
export function answerApi(respond: (call: ApiCall) => ApiReply | Promise<ApiReply>): ApiCall[] {
  const calls: ApiCall[] = [];
  server.use(
    http.all('*/api/*', async ({ request }) => {
      const call = await readCall(request);
      calls.push(call);
      try {
        const reply = await respond(call);
        return reply === 'network-error' ? HttpResponse.error() : reply;
      } catch {
        return HttpResponse.error();
      }
    }),
  );
  return calls;
}

export function jsonReply(body: unknown, status = 200): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}
