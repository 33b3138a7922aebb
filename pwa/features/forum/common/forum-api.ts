/** Route ids are positive whole numbers; anything else is a post that cannot exist. */
export function parseId(raw: string | undefined): number | null {
  return raw && /^\d{1,12}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
}
