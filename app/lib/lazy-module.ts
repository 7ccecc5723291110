/**
 * A module fetched on demand, once (e.g. a form's zod schema: kept out of the page's JavaScript and
 * loaded when the visitor starts on the form). `current()` is undefined until it has arrived.
 */
export function lazyModule<T>(load: () => Promise<T>) {
  let loaded: T | undefined;
  let pending: Promise<T> | undefined;
  return {
    current: () => loaded,
    load: () => (pending ??= load().then((module) => (loaded = module))),
  };
}
