// A failed call, as every screen and the outbox see it: its status (0 when the server was never
// reached) and the server's message. A module of its own, so a page's read runner knows a failure
// without loading the client that makes the calls (api-client.ts).

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
  }
  /** True when the request never reached the server (offline, DNS, connection refused). */
  get isNetwork(): boolean {
    return this.status === 0;
  }
}
