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
  let rechecking = false;
  form.subscribe({
    formState: { isSubmitted: true },
    callback: ({ isSubmitted }) => {
      if (!isSubmitted || rechecking) return;
      rechecking = true;
      recheckOnEveryChange(form);
    },
  });
  return form;
}
