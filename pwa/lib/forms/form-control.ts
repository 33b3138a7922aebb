// The loaded half of a deferred form (deferred-form.ts): react-hook-form's control, made outside React
// so it can take over inputs that are already on the screen. Imported only on the form's first use.
import { createFormControl, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { recheckOnEveryChange, schemaResolver, type SchemaSource } from './forms';

export type ContractControl<Values extends FieldValues> = Omit<UseFormReturn<Values>, 'formState'>;

/** The control of `useContractForm`, with the same rules: contract schema, first invalid field focused, re-checks after submit. */
export function createContractControl<Values extends FieldValues>(
  currentSchema: () => SchemaSource,
  defaultValues: Values,
): ContractControl<Values> {
  const form: ContractControl<Values> = createFormControl<Values>({
    resolver: schemaResolver<Values>(currentSchema),
    shouldFocusError: true,
    defaultValues: defaultValues as never,
  });
  let stopRechecking: (() => void) | null = null;
  let resetting = false;
  form.subscribe({
    formState: { isSubmitted: true },
    callback: ({ isSubmitted }) => {
      if (isSubmitted && !stopRechecking && !resetting) stopRechecking = recheckOnEveryChange(form);
    },
  });
  // A reset form starts over, as useContractForm's does: no re-checks (and no message on the emptied
  // fields) until its next submit. While the reset puts the values back, the form still says submitted.
  const reset = form.reset;
  form.reset = (...args) => {
    stopRechecking?.();
    stopRechecking = null;
    resetting = true;
    try {
      reset(...args);
    } finally {
      resetting = false;
    }
  };
  return form;
}
