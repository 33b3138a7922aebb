import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import {
  useForm,
  type FieldValues,
  type Resolver,
  type UseFormProps,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';

/**
 * The zod resolver for a contract schema, with one addition: an issue without a path (a rule about
 * the whole form, e.g. 'Invalid reset link') becomes `errors.root`, shown once above the submit
 * button, instead of an error under an empty field name. One message per problem: when the fields
 * carry their own messages, a form-wide summary of them (the API's 'All fields are required', which
 * comes with 'Required' on each empty field) is not shown as well.
 */
export function contractResolver<Values extends FieldValues>(schema: z.ZodType): Resolver<Values> {
  const base = zodResolver(schema as never) as unknown as Resolver<Values>;
  return async (values, context, options) => {
    const result = await base(values, context, options);
    const errors = result.errors as Record<string, { message?: string; type?: string } | undefined>;
    const formWide = errors[''];
    if (formWide) {
      delete errors[''];
      if (Object.keys(errors).length === 0) errors.root = { message: formWide.message, type: formWide.type ?? 'custom' };
    }
    return result;
  };
}

/**
 * A form's rules: a contract schema, or a loader of one, for a page that must not ship zod with its
 * first download (the sign-in page): the schema then loads on the form's first check.
 */
export type SchemaSource = z.ZodType | (() => Promise<z.ZodType>);

/** Reads the form's current rules on each check: they may change with its mode (Sign In / Create Account). */
export function schemaResolver<Values extends FieldValues>(currentSchema: () => SchemaSource): Resolver<Values> {
  return async (values, context, opts) => {
    const source = currentSchema();
    const rules = typeof source === 'function' ? await source() : source;
    return contractResolver<Values>(rules)(values, context, opts);
  };
}

/**
 * From a form's first submit on, every change re-checks the whole form, so a message (including a
 * form-wide one) goes away as soon as what it complained about is fixed. Returns the unsubscribe.
 */
export function recheckOnEveryChange<Values extends FieldValues>(form: Pick<UseFormReturn<Values>, 'watch' | 'trigger'>): () => void {
  const subscription = form.watch(() => void form.trigger());
  return () => subscription.unsubscribe();
}

/**
 * react-hook-form set up the club's way: validated with a contract schema on submit, the first invalid
 * field focused, and from the first submit on every change re-checks the whole form.
 */
export function useContractForm<Values extends FieldValues>(
  schema: SchemaSource,
  options: Omit<UseFormProps<Values>, 'resolver'> = {},
): UseFormReturn<Values> {
  const current = useRef(schema);
  current.current = schema;
  const [resolver] = useState(() => schemaResolver<Values>(() => current.current));
  const form = useForm<Values>({ resolver, shouldFocusError: true, ...options });
  const { watch, trigger, formState } = form;
  const submitted = formState.isSubmitted;
  useEffect(() => {
    if (!submitted) return;
    return recheckOnEveryChange({ watch, trigger });
  }, [submitted, watch, trigger]);
  return form;
}

type IssueSink = { addIssue: (issue: { code: 'custom'; message: string; path: PropertyKey[] }) => void };

/**
 * Checks `value` (the body the form will send) with a contract schema and copies its issues into a
 * form schema's refinement, keeping their paths: a form schema wraps the contract's so the same
 * rules, and messages, run in the browser and on the server. True when the contract's schema passed.
 */
export function addIssues(schema: z.ZodType, value: unknown, ctx: IssueSink): boolean {
  const result = schema.safeParse(value);
  if (result.success) return true;
  for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: [...issue.path] });
  return false;
}

// The phone input lives apart so a page that loads react-hook-form late (the sign-in page) can use it.
export { phoneInput } from './phone-input';
