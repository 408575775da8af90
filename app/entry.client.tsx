// React Router's browser entry, as its default, and one step before hydration: text typed into a
// text area before the script ran is recorded so that hydration cannot take it away
// (app/lib/typed-before-hydration.ts).
import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { watchTypingBeforeHydration } from './lib/typed-before-hydration';

watchTypingBeforeHydration(document);

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
