import type { FieldValues, Path, UseFormRegister } from 'react-hook-form';
import { formatPhone } from '../../../domain/contract/common';

/**
 * A phone input of any form: shown and kept as (123) 456-7890 while typing, capped at the 10 digits
 * of a North American number. Spread onto the <input> after the FormField's props.
 */
export function phoneInput<Values extends FieldValues>(
  register: UseFormRegister<Values>,
  name: Path<Values>,
) {
  return {
    type: 'tel',
    inputMode: 'tel' as const,
    placeholder: '(123) 456-7890',
    ...register(name, {
      setValueAs: (value: string) => formatPhone(value ?? ''),
      onChange: (e: { target: { value: string } }) => {
        e.target.value = formatPhone(e.target.value);
      },
    }),
  };
}
