import type { ReactNode } from 'react';
import { Link } from '../../ui/link';
import styles from './catalog.module.css';

// The catalogue pages' one table (companies, services, the two imports): a table from 768 px, a
// card a row on phones, where each cell says its column before its value (data-label).

export type CatalogColumn<Row> = {
  /** The column's heading, and the cell's label on phones. */
  label: string;
  cell: (row: Row) => ReactNode;
  /** Figures: right-aligned, tabular. */
  num?: boolean;
  /** Kept on one line (dates). */
  nowrap?: boolean;
  /** The heading for screen readers only (a column of links that say what they are). */
  hiddenLabel?: boolean;
  /** The cell says what it is by itself (a name, a date at the card's top): no label on phones. */
  unlabelled?: boolean;
};

export function CatalogTable<Row>({
  columns,
  rows,
  rowKey,
  caption,
}: {
  columns: ReadonlyArray<CatalogColumn<Row>>;
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  /** A caption for screen readers, where the heading above the table does not name it. */
  caption?: string;
}) {
  const className = (column: CatalogColumn<Row>) => (column.num ? styles.num : column.nowrap ? styles.nowrap : undefined);
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        {caption && <caption className="visually-hidden">{caption}</caption>}
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.label} scope="col" className={column.num ? styles.num : undefined}>
                {column.hiddenLabel ? <span className="visually-hidden">{column.label}</span> : column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => (
                <td
                  key={column.label}
                  className={className(column)}
                  data-label={column.unlabelled || column.hiddenLabel ? undefined : column.label}
                >
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

type Entry = { id: number; name: string };

/**
 * A catalogue list's columns around its own: the ID, the name linking to its edit form with what
 * stands below it (the reading), and the link to its public page.
 */
export function catalogColumns<Row extends Entry>(
  name: { label: string; below: (row: Row) => ReactNode },
  links: { edit: (row: Row) => `/${string}`; public: (row: Row) => `/${string}` },
  own: ReadonlyArray<CatalogColumn<Row>>,
): Array<CatalogColumn<Row>> {
  return [
    { label: 'ID', num: true, cell: (row) => row.id },
    {
      label: name.label,
      unlabelled: true,
      cell: (row) => (
        <>
          <Link to={links.edit(row)} className={styles.name}>
            {row.name}
          </Link>
          {name.below(row)}
        </>
      ),
    },
    ...own,
    { label: '公開ページ', hiddenLabel: true, cell: (row) => <Link to={links.public(row)}>公開ページ</Link> },
  ];
}
