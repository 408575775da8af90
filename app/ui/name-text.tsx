import { Fragment } from 'react';
import { cx } from './cx';
import { nameParts } from './name-parts';

/**
 * A proper name (a company, a service) set so that a line never ends inside one of its parts:
 * the name is one word (word-break: keep-all, the global .name-text class) with a break
 * opportunity (<wbr>) between its parts, 「株式会社<wbr>ルミナ<wbr>システムズ」; a part wider than
 * the line still wraps (overflow-wrap: anywhere), so a name never makes the page scroll sideways.
 */
export function NameText({ children, className }: { children: string; className?: string }) {
  const parts = nameParts(children);
  return (
    <span className={cx('name-text', className)}>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
