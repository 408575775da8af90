import { useEffect, useRef, useState } from 'react';
import { fetchCompanySuggestions, isAbortError, SUGGEST_DEBOUNCE_MS, type CompanySuggestion } from './suggestions-client';

export type SuggestionState =
  | { status: 'init' }
  | { status: 'loading' }
  | { status: 'results'; query: string; companies: CompanySuggestion[] }
  | { status: 'error' };

/**
 * Suggestions for what is typed: asks the server 300 ms after the last keystroke, aborts the
 * request in flight when a newer one starts, and goes back to 'init' for an empty input
 * without calling the server (docs/product/pages.md#compare-search-panel, compare search).
 */
export function useCompanySuggestions(input: string): SuggestionState {
  const [state, setState] = useState<SuggestionState>({ status: 'init' });
  const controller = useRef<AbortController | null>(null);

  useEffect(() => {
    const query = input.trim();
    if (!query) {
      controller.current?.abort();
      controller.current = null;
      setState({ status: 'init' });
      return;
    }
    const timer = setTimeout(() => {
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      setState((previous) => (previous.status === 'results' ? previous : { status: 'loading' }));
      fetchCompanySuggestions(query, current.signal)
        .then((companies) => {
          if (controller.current === current) setState({ status: 'results', query, companies });
        })
        .catch((error: unknown) => {
          if (isAbortError(error)) {
            // A newer query replaced this one: expected, so only logged.
            console.info('company search aborted:', query);
            return;
          }
          if (controller.current === current) setState({ status: 'error' });
        });
    }, SUGGEST_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [input]);

  useEffect(() => () => controller.current?.abort(), []);
  return state;
}
