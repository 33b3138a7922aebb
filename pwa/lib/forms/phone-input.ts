import type { FieldValues, Path, UseFormRegister } from 'react-hook-form';

/**
 * A phone input of any form: a plain telephone field that keeps exactly what was typed, in any
 * country's way of writing it, and offers the phone keypad and the browser's own number. The form's
 * schema reads it for the club's country when it is checked (lib/club/club-phone.ts). Spread onto the
 * <input> after the FormField's props. Nothing here loads the phone library: the sign-in page uses it.
 */
export function phoneInput<Values extends FieldValues>(register: UseFormRegister<Values>, name: Path<Values>) {
  return {
    type: 'tel',
    inputMode: 'tel' as const,
    autoComplete: 'tel',
    ...register(name),
  };
}
