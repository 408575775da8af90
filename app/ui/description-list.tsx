import type { ReactNode } from 'react';

/** Labelled values as a description list: each label (unique in the list) with its value. */
export function DescriptionList({
  entries,
  className,
}: {
  entries: ReadonlyArray<{ label: string; value: ReactNode }>;
  className: string | undefined;
}) {
  return (
    <dl className={className}>
      {entries.map((entry) => (
        <div key={entry.label}>
          <dt>{entry.label}</dt>
          <dd>{entry.value}</dd>
        </div>
      ))}
    </dl>
  );
}
