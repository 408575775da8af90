import { createContext, useContext } from 'react';

// How a part of the form that changes without an input event (a list item added, removed or
// moved; a company chosen) tells the autosave that the draft changed.
export const DraftChangeContext = createContext<() => void>(() => {});

export function useDraftChanged(): () => void {
  return useContext(DraftChangeContext);
}
