// Listening to DOM events with one undo: `listen(form, ['keyup', 'click'], handler)` adds the
// handler for each type and returns the function that removes them all.
export function listen(target: EventTarget, types: readonly string[], handler: (event: Event) => void): () => void {
  for (const type of types) target.addEventListener(type, handler);
  return () => {
    for (const type of types) target.removeEventListener(type, handler);
  };
}
