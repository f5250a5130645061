import "server-only";

/**
 * What one server process holds once: its settings, its lead inbox, its rate limiters, its relay.
 * Next bundles instrumentation.ts and each route separately, so a module-level variable would
 * exist once per bundle; only globalThis is shared by all of them.
 */

type Entry = { value: unknown; dispose?: (value: never) => void };

declare global {
  var suncoastProcessState: Map<string, Entry> | undefined;
}

const entries = () => (globalThis.suncoastProcessState ??= new Map<string, Entry>());

/** The process's one `name`, made by `create` on first use; `dispose` releases it on reset. */
export function processSingleton<T>(
  name: string,
  create: () => T,
  dispose?: (value: T) => void,
): T {
  const state = entries();
  const existing = state.get(name);
  if (existing) return existing.value as T;
  const value = create();
  state.set(name, { value, dispose: dispose as Entry["dispose"] });
  return value;
}

/** Forgets (and releases, newest first) everything the process holds; for tests that change settings. */
export function resetProcessState(): void {
  const state = entries();
  for (const [name, entry] of [...state].reverse()) {
    state.delete(name);
    entry.dispose?.(entry.value as never);
  }
}
