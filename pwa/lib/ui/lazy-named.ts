import { createElement, lazy, type ComponentProps, type ComponentType, type LazyExoticComponent } from 'react';

/** Parts whose code failed to load, each with the way to load it afresh. */
const failed = new Set<() => void>();

/**
 * A component loaded on first render from a module's named export. Screens load this way (the
 * router), and so do the forms a screen opens on demand (modals): react-hook-form and zod then reach
 * a phone only when someone opens a form, not with the page (docs/decisions/0040).
 *
 * React keeps a lazy component whose load failed (no signal, on an install with no service worker
 * yet) failed for good; forgetFailedLoads() lets an error boundary's "Try again" load it afresh.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a component of any props
export function lazyNamed<M extends Record<K, ComponentType<any>>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
): ComponentType<ComponentProps<M[K]>> {
  let current: LazyExoticComponent<M[K]>;
  const fresh = () => {
    current = lazy(async () => {
      try {
        return { default: (await load())[name] };
      } catch (error) {
        failed.add(fresh);
        throw error;
      }
    });
  };
  fresh();
  function Loaded(props: ComponentProps<M[K]>) {
    return createElement(current, props);
  }
  Loaded.displayName = `Lazy(${name})`;
  return Loaded;
}

/** Makes every part whose code failed to load try again on its next render (not before: offline, that would loop). */
export function forgetFailedLoads(): void {
  for (const fresh of failed) fresh();
  failed.clear();
}
