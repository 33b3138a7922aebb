import { z } from 'zod';

/** A trimmed string that may be missing in the input (so the object check can say which rule failed). */
export const looseString = z
  .string()
  .optional()
  .transform((v) => (v ?? '').trim());
