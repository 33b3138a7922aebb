// autocannon ships no types: the part of its programmatic API the bench uses.
declare module 'autocannon' {
  export interface CannonRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    /** Called before each send; returns the request to send. */
    setupRequest?: (request: CannonRequest, context: Record<string, unknown>) => CannonRequest;
    onResponse?: (status: number, body: string, context: Record<string, unknown>, headers: Record<string, string>) => void;
  }

  export interface CannonClient {
    setRequests(requests: CannonRequest[]): void;
    setHeaders(headers: Record<string, string>): void;
  }

  export interface CannonOptions {
    url: string;
    title?: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    amount?: number;
    /** Seconds to wait for an answer. */
    timeout?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    requests?: CannonRequest[];
    /** Called once per connection. */
    setupClient?: (client: CannonClient) => void;
  }

  export interface CannonHistogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
    sent: number;
  }

  export interface CannonResult {
    title?: string;
    /** Seconds. */
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    resets: number;
    '1xx': number;
    '2xx': number;
    '3xx': number;
    '4xx': number;
    '5xx': number;
    statusCodeStats: Record<string, { count: number }>;
    /** Milliseconds. */
    latency: CannonHistogram;
    /** Per-second samples; `total` is the count of answered requests. */
    requests: CannonHistogram;
    throughput: CannonHistogram;
  }

  export interface CannonInstance extends PromiseLike<CannonResult> {
    stop(): void;
  }

  export default function autocannon(options: CannonOptions): CannonInstance;
}
