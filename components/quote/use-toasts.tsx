import { Suspense, lazy, useEffect, useState } from "react";
import { afterNextPaint, loadSchema, loadSonner, notify } from "./lazy";
import type { Step } from "./quote-state";

const Toaster = lazy(() => loadSonner().then((module) => ({ default: module.Toaster })));

/**
 * The toasts of the contact step and after (docs/calculator.md, "Toasts"): `say` shows one, and
 * `toaster` is the Toaster to render outside the calculator once sonner has loaded. Sonner, and
 * on step 4 the schema, are fetched on the frame after the step appears, not inside its tap.
 */
export function useToasts(step: Step) {
  const [loaded, setLoaded] = useState(false);
  const showsToasts = step !== 1 && step !== 2 && step !== 3;
  useEffect(() => {
    if (!showsToasts) return;
    return afterNextPaint(() => {
      if (step === 4) void loadSchema();
      loadSonner().then(
        () => setLoaded(true),
        // It could not load (offline): there is no toaster to mount.
        () => undefined,
      );
    });
  }, [showsToasts, step]);

  /** A toast, and the Toaster to show it once sonner has loaded (it may load only now: lazy.ts). */
  const say = (kind: "success" | "error", message: string) =>
    void notify(kind, message).then((shown) => shown && setLoaded(true));

  const toaster =
    showsToasts && loaded ? (
      <Suspense fallback={null}>
        <Toaster position="top-center" offset={{ top: 80 }} mobileOffset={{ top: 72 }} richColors />
      </Suspense>
    ) : null;
  return { say, toaster };
}
