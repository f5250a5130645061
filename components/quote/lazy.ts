/**
 * What only the contact step needs, fetched when a visitor reaches it: the shared zod schema (to
 * validate on submit) and sonner (the toasts). Visitors who only browse never download either.
 * A load that failed (the network dropped) is not kept: the next call fetches it again.
 */
function retried<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}

export const loadSchema = retried(() => import("@shared/quote/schema"));
export const loadSonner = retried(() => import("sonner"));

/**
 * Shows a toast; the Toaster (mounted from step 4 on) announces it through its live region.
 * Not dismissible: sonner sends focus that leaves a dismissible toast back to where it came from,
 * so Tab past one returned to the calculator until the toast expired. A toast that cannot be
 * dismissed is read and left like any other part of the page; it still goes after its timeout.
 * Resolves to whether it could be shown: sonner may not load (offline), so what the visitor must
 * know is also on the page already (StatusNote.tsx).
 */
export async function notify(kind: "success" | "error", message: string): Promise<boolean> {
  try {
    const { toast } = await loadSonner();
    // One toast at a time: each takes the place of the one before.
    toast[kind](message, { id: "quote", dismissible: false });
    return true;
  } catch {
    return false;
  }
}

/**
 * Runs `start` once the browser has painted what the current render shows: work that a step
 * needs soon but not in the tap that shows it (docs/performance.md, "What keeps a tap short"). Returns a cancel.
 */
export function afterNextPaint(start: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(start, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
