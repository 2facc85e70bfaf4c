// One instance per process, even when the server entry (tsx) and the React Router bundle
// (built, or loaded by Vite in development) each import this module separately.
export function singleton<T>(name: string, create: () => T): T {
  const store = globalThis as unknown as { __rendezvous?: Map<string, unknown> };
  store.__rendezvous ??= new Map();
  if (!store.__rendezvous.has(name)) store.__rendezvous.set(name, create());
  return store.__rendezvous.get(name) as T;
}

export function resetSingleton(name: string) {
  (globalThis as unknown as { __rendezvous?: Map<string, unknown> }).__rendezvous?.delete(name);
}
