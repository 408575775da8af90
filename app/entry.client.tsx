// React Router's browser entry, as its default, and two steps before hydration: text typed into a
// text area before the script ran is recorded so that hydration cannot take it away
// (app/lib/typed-before-hydration.ts), and every form posted from now on is remembered for the
// retry of an expired page (app/lib/form-stash.ts), also one sent before hydration or in the
// first moments after it.
import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { rememberSubmissions } from './lib/form-stash';
import { watchTypingBeforeHydration } from './lib/typed-before-hydration';

watchTypingBeforeHydration(document);
rememberSubmissions(document);

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
