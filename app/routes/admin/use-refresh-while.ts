import { useEffect } from 'react';
import { useRevalidator } from 'react-router';

/** Asks for the page's data again every `everyMs` while `active` (a running import's progress). */
export function useRefreshWhile(active: boolean, everyMs: number): void {
  const { state, revalidate } = useRevalidator();
  useEffect(() => {
    if (!active || state !== 'idle') return;
    const timer = setTimeout(() => void revalidate(), everyMs);
    return () => clearTimeout(timer);
  }, [active, state, revalidate, everyMs]);
}
