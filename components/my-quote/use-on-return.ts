import { useEffect } from "react";

/**
 * Calls `onReturn` when the page comes back to the front: its tab shown again, or the page brought
 * back from the back/forward cache. What another tab changed meanwhile is then shown.
 */
export function useOnReturn(onReturn: () => void | Promise<void>): void {
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === "visible") void onReturn();
    };
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) void onReturn();
    };
    document.addEventListener("visibilitychange", onVisible);
    window.addEventListener("pageshow", onPageShow);
    return () => {
      document.removeEventListener("visibilitychange", onVisible);
      window.removeEventListener("pageshow", onPageShow);
    };
  }, [onReturn]);
}
