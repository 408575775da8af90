import { createContext, useContext } from 'react';

// The CSP nonce of the current request, given to React Router's <Scripts> and friends.
// Browsers hide nonce attributes from scripts, so on the client it is simply empty.
export const NonceContext = createContext<string>('');

export function useNonce(): string {
  return useContext(NonceContext);
}
