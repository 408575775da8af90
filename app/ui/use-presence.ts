import { useEffect, useState, type AnimationEvent } from 'react';

/**
 * Keeps a widget mounted while its exit animation plays.
 *
 * `durationVar` names the CSS custom property that drives the animation (for example
 * `--duration-sheet`); it is read at close time so that prefers-reduced-motion (which sets it
 * to 0s in tokens.css) unmounts at once. The timer is a safety net: `animationend` does not fire
 * when the element is hidden, in background tabs, or in jsdom.
 */
export function usePresence(open: boolean, durationVar: string, fallbackMs: number) {
  const [rendered, setRendered] = useState(open);
  // Mount in the same render that opens, so effects see the element on their first run.
  if (open && !rendered) setRendered(true);
  const closing = rendered && !open;

  useEffect(() => {
    if (!closing) return;
    const ms = readDurationMs(durationVar, fallbackMs);
    if (ms <= 0) {
      setRendered(false);
      return;
    }
    const timer = setTimeout(() => setRendered(false), ms + 50);
    return () => clearTimeout(timer);
  }, [closing, durationVar, fallbackMs]);

  function onAnimationEnd(event: AnimationEvent<HTMLElement>) {
    // Children's own animations (a spinner, say) bubble up here too.
    if (closing && event.target === event.currentTarget) setRendered(false);
  }

  return { rendered: rendered || open, closing, onAnimationEnd };
}

function readDurationMs(name: string, fallbackMs: number): number {
  if (typeof window === 'undefined') return fallbackMs;
  const raw = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  const match = /^(-?[\d.]+)(ms|s)$/.exec(raw);
  if (!match) return fallbackMs;
  const value = Number(match[1]);
  return match[2] === 's' ? value * 1000 : value;
}
