"use client";

import { useEffect } from "react";

/** Logs the missing path for whoever debugs a broken link (a warning, not an error: the page itself works). */
export function NotFoundLogger() {
  useEffect(() => {
    console.warn(
      `404 Error: User attempted to access non-existent route: ${window.location.pathname}`,
    );
  }, []);
  return null;
}
