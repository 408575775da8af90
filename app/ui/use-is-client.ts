import { useSyncExternalStore } from 'react';

const subscribeNothing = () => () => {};

/**
 * False during the server render and hydration, true after: for what needs document (portals)
 * or may only mount in the browser (the badge popup, so nothing suspends on the server).
 */
export function useIsClient(): boolean {
  return useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
}
