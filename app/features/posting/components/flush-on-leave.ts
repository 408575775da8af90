// What the student typed goes out when they leave: a hidden or closing page sends it with fetch
// keepalive, the connection coming back sends what waited, and leaving for another page of the
// site sends it while the fields still exist.
import { type RefObject, useLayoutEffect } from 'react';
import { listen } from '../../../lib/listen';
import type { DraftAutosave } from '../draft-autosave';

type Flushing = Pick<DraftAutosave, 'flush'>;

/** Listens for a hidden page, a closing page and the connection coming back; returns the undo. */
export function flushOnLeave(engine: Flushing): () => void {
  const onHidden = () => {
    if (document.visibilityState === 'hidden') void engine.flush({ keepalive: true });
  };
  const onLeave = () => void engine.flush({ keepalive: true });
  const onOnline = () => void engine.flush();
  const undo = [
    listen(document, ['visibilitychange'], onHidden),
    listen(window, ['pagehide'], onLeave),
    listen(window, ['online'], onOnline),
  ];
  return () => {
    for (const stop of undo) stop();
  };
}

/**
 * Leaving for another page of the site: the fields are read while they still exist (a passive
 * effect's cleanup runs after React has let go of the form), and what is new goes out now.
 */
export function useFlushOnUnmount(engineRef: RefObject<Flushing | null>) {
  useLayoutEffect(
    () => () => {
      void engineRef.current?.flush({ keepalive: true });
    },
    [engineRef],
  );
}
