import type { Context } from 'hono';
import type { z } from 'zod';
import { firstIssue, JSON_CONTENT_TYPE_ERROR, MALFORMED_JSON_ERROR } from '../../../domain/contract/common';
import { ServiceError } from '../errors';

const JSON_TYPE = /^application\/([\w.-]+\+)?json$/i;

/** A value checked with a contract schema (a body, a query parameter): the first broken rule's message is the 400 answer. */
export function parse<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw new ServiceError(400, firstIssue(result.error));
  return result.data;
}

/**
 * As `parse`, and the 400 names the field of the first broken rule (`field`: its path, dotted), for a
 * form to show it there; a rule about the whole body (e.g. 'All fields are required') names none.
 */
export function parseNamingField<T extends z.ZodType>(schema: T, value: unknown, only?: readonly string[]): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = issue.path.join('.');
  // `only`: a route whose older refusals name no field names just the fields it lists.
  const named = issue.path.length > 0 && (only === undefined || only.includes(field));
  throw new ServiceError(400, issue.message, named ? { field } : undefined);
}

/**
 * The request's body as JSON, the one way a route reads one. A body labelled as something other than
 * JSON answers 415; one with no label is read as JSON. Malformed JSON answers 400, and so does an
 * empty body, unless the route says what an empty one means (`emptyAs`: the signup toggle has none).
 */
export async function bodyJson(c: Context, options?: { emptyAs: unknown }): Promise<unknown> {
  const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim();
  if (type && c.req.header('content-length') !== '0' && !JSON_TYPE.test(type)) {
    throw new ServiceError(415, JSON_CONTENT_TYPE_ERROR);
  }
  const text = await c.req.text();
  if (options && text.trim() === '') return options.emptyAs;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ServiceError(400, MALFORMED_JSON_ERROR);
  }
}

/** The request's JSON body (bodyJson) checked with a contract schema. */
export async function readBody<T extends z.ZodType>(c: Context, schema: T, options?: { emptyAs: unknown }): Promise<z.output<T>> {
  return parse(schema, await bodyJson(c, options));
}

/** The request's JSON body checked with a contract schema, its 400 naming the field (parseNamingField). */
export async function readBodyNamingField<T extends z.ZodType>(c: Context, schema: T): Promise<z.output<T>> {
  return parseNamingField(schema, await bodyJson(c));
}

/** A positive integer, or null. */
export function idParam(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,15}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}

/** The route's `:id`, or a 404 with `message`: a malformed id names nothing. */
export function routeId(c: Context, message: string): number {
  const id = idParam(c.req.param('id'));
  if (id === null) throw new ServiceError(404, message);
  return id;
}
