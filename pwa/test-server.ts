// The network of the component tests: MSW answers every /api request (set up in test-setup.ts). A
// test says how with answerRoutes, one answer per endpoint of the API's own table, and reads back
// what the screen sent. Nothing in the code under test knows about it.
import { http, HttpResponse, matchRequestUrl, type HttpHandler } from 'msw';
import { setupServer } from 'msw/node';
import type { SessionUser } from '../domain/contract/members/auth';
import type { AnswerOf, BodyOf, Endpoint } from '../domain/contract/endpoints';

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
    // A CSV upload (text/csv) stays text; every other body is JSON.
    body = text === undefined ? undefined : (headers['content-type'] ?? '').startsWith('text/') ? text : JSON.parse(text);
  }
  return { method: request.method, url: url.pathname + url.search, path: url.pathname.replace(/^\/api/, '') + url.search, body, text, headers };
}

/** A handler that throws or rejects stands for a request that never got an answer, as fetch reports it. */
async function settle(answer: () => ApiReply | Promise<ApiReply>): Promise<Response> {
  try {
    const reply = await answer();
    return reply === 'network-error' ? HttpResponse.error() : reply;
  } catch {
    return HttpResponse.error();
  }
}

/**
 * Sends every /api request to `respond` and records it: for tests of the data layer itself, which
 * look at the raw traffic. Screens are answered per endpoint with answerRoutes.
 */
export function answerApi(respond: (call: ApiCall) => ApiReply | Promise<ApiReply>): ApiCall[] {
  const calls: ApiCall[] = [];
  server.use(
    http.all('*/api/*', async ({ request }) => {
      const call = await readCall(request);
      calls.push(call);
      return settle(() => respond(call));
    }),
  );
  return calls;
}

export function jsonReply(body: unknown, status = 200): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The endpoint's path with each `:name` as a number: one address of it, e.g. 'POST /races/3/signup'. */
type Address<P extends string> = P extends `${infer Head}:${string}/${infer Rest}`
  ? `${Head}${number}/${Address<Rest>}`
  : P extends `${infer Head}:${string}`
    ? `${Head}${number}`
    : P;

/**
 * A request to one endpoint: its body typed as the contract says, and the `:name` parts of its path
 * (none when the route was given as one address).
 */
export interface RouteCall<E extends Endpoint, Params extends string = ParamNames<E>> extends Omit<ApiCall, 'body'> {
  body: BodyOf<E> | undefined;
  params: Record<Params, string>;
}

/**
 * An endpoint's answer: its success answer as the contract types it (status 200), or a Response for
 * anything else (jsonReply(body, status) for a refusal or a deliberately broken answer), or
 * 'network-error'. A handler may be slow (a pending promise) and may keep state between calls.
 */
export type RouteAnswer<E extends Endpoint> = AnswerOf<E> | ApiReply;
export type RouteHandler<E extends Endpoint, Params extends string = ParamNames<E>> = (
  call: RouteCall<E, Params>,
) => RouteAnswer<E> | Promise<RouteAnswer<E>>;

/**
 * 'METHOD /path' after /api, a fixed answer or a handler each: a key of the contract's table
 * ('POST /races/:id/signup', which answers every race) or one numbered address of it
 * ('POST /races/3/signup', which answers that race only), typed alike.
 */
export type Routes = { [E in Endpoint]?: RouteAnswer<E> | RouteHandler<E> } & {
  [E in Endpoint as Address<E> extends E ? never : Address<E>]?: RouteAnswer<E> | RouteHandler<E, never>;
};

/** What a screen sent, in the order it arrived. */
export interface Recorded {
  calls: ApiCall[];
  /** Everything but reads: what a test checks was (or was not) sent. */
  writes(): ApiCall[];
  /**
   * The calls to 'METHOD /path': a contract key ('PUT /profiles/:id') or one address
   * ('PUT /profiles/secretary'). The query counts only when the key has one.
   */
  to(key: string): ApiCall[];
}

export interface AnswerOptions {
  /**
   * The signed-in user GET /auth/profile answers with (the session's refresh on every screen), or
   * null for a session the server no longer knows (401). Left out, that request is not answered.
   */
  user?: SessionUser | null;
}

function splitKey(key: string): { method: string; path: string; query: string | undefined } {
  const [method, target] = key.split(' ') as [string, string];
  const [path, query] = target.split('?') as [string, string | undefined];
  return { method, path, query };
}

function matches(key: string, call: ApiCall): boolean {
  const { method, path, query } = splitKey(key);
  const url = new URL(call.path, 'http://club.test');
  if (call.method !== method || !matchRequestUrl(url, `*${path}`).matches) return false;
  return query === undefined || url.search === `?${query}`;
}

function toResponse(answer: unknown): ApiReply {
  return answer instanceof Response || answer === 'network-error' ? answer : jsonReply(answer);
}

const methods = { GET: http.get, POST: http.post, PUT: http.put, PATCH: http.patch, DELETE: http.delete } as const;

/**
 * Answers the API per endpoint, with MSW handlers: `routes` maps 'METHOD /path' to a fixed answer or
 * a handler, `user` answers the session refresh. Any other /api request answers 404. Returns what
 * the screen sent, every request in the order it arrived.
 *
 * A later call replaces the whole API of an earlier one: give it every route the test still needs.
 */
export function answerRoutes(routes: Routes, { user }: AnswerOptions = {}): Recorded {
  const calls: ApiCall[] = [];
  const session: Routes =
    user === undefined ? {} : { 'GET /auth/profile': () => (user ? { user } : jsonReply({ error: 'No token' }, 401)) };
  // One address answers before the pattern it belongs to, whatever order the test wrote them in.
  const table = Object.entries({ ...session, ...routes } as Record<string, unknown>).sort(
    ([a], [b]) => Number(a.includes(':')) - Number(b.includes(':')),
  );
  const handlers: HttpHandler[] = table.map(([key, route]) => {
    const { method, path, query } = splitKey(key);
    return methods[method as keyof typeof methods](`*/api${path}`, async ({ request, params }) => {
      // Another route of the same path answers another query (e.g. the forum's two post lists).
      if (query !== undefined && new URL(request.url).search !== `?${query}`) return undefined;
      const call = await readCall(request);
      calls.push(call);
      // A fixed Response serves every call, so each gets its own copy of the body.
      if (route instanceof Response) return route.clone();
      return settle(async () => toResponse(typeof route === 'function' ? await route({ ...call, params }) : route));
    });
  });
  const notFound = http.all('*/api/*', async ({ request }) => {
    calls.push(await readCall(request));
    return jsonReply({ error: 'Not found' }, 404);
  });
  server.use(...handlers, notFound);
  return {
    calls,
    writes: () => calls.filter((c) => c.method !== 'GET'),
    to: (key) => calls.filter((c) => matches(key, c)),
  };
}
