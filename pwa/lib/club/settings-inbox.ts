// The club's settings as they arrive (a rendered page's data, GET /api/config), kept by name until the
// module that holds each one takes it. The frame of every page delivers them without loading those
// modules: the rules, the workout types and the terms (with the domain code that checks and words
// them), the currency and whether passkeys are on load with the screens that use them, and take the latest copy
// when they do.

export type SettingName = 'rules' | 'sports' | 'terms' | 'passkeys' | 'currency';

const latest = new Map<SettingName, unknown>();
const takers = new Map<SettingName, (value: unknown) => void>();

/** A setting as the server sent it (unchecked: its holder checks it and ignores anything malformed). */
export function deliverSetting(name: SettingName, value: unknown): void {
  if (value === undefined) return;
  latest.set(name, value);
  takers.get(name)?.(value);
}

/** The holder of a setting: it gets the latest copy at once, if one came, and every later one. */
export function receiveSetting(name: SettingName, take: (value: unknown) => void): void {
  takers.set(name, take);
  if (latest.has(name)) take(latest.get(name));
}
