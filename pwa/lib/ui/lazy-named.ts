import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * A component loaded on first render from a module's named export. Screens load this way (the
 * router), and so do the forms a screen opens on demand (modals): react-hook-form and zod then reach
 * a phone only when someone opens a form, not with the page (docs/decisions/0040).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a component of any props
export function lazyNamed<M extends Record<K, ComponentType<any>>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<M[K]> {
  return lazy(async () => ({ default: (await load())[name] }));
}
