import { Link } from '../../../ui/link';
import { formatCount } from '../../../lib/format';
import { RATING_ITEMS } from '../../companies/rating-items';
import { formatScoreCell, type CompareEntry } from '../compare-data';
import { NameText } from '../../../ui/name-text';
import styles from './compare-table.module.css';

type Company = { id: number; name: string };

/**
 * The evaluation table (docs/product/pages.md#evaluation-table): a row per rating item, the base company on the left
 * and the target on the right, "--" for an empty value, with the number of reports each column
 * averages. Server-rendered, so it reads before any script has loaded.
 */
export function CompareTable({
  entry,
  baseCompany,
  targetCompany,
}: {
  entry: CompareEntry;
  baseCompany: Company;
  targetCompany: Company | null;
}) {
  const { tableData, reportCounts } = entry;
  return (
    <div className={styles.wrap}>
      <table className={styles.table} id="js-compare-table">
        <caption className="visually-hidden">{entry.label}のインターン評価（5点満点の平均）</caption>
        <colgroup>
          <col className={styles.itemCol} />
          <col />
          {targetCompany && <col />}
        </colgroup>
        <thead>
          <tr>
            <th scope="col" className={styles.corner}>
              評価項目
            </th>
            <CompanyHead company={baseCompany} count={reportCounts.baseCompany} side="base" />
            {targetCompany && <CompanyHead company={targetCompany} count={reportCounts.targetCompany} side="target" />}
          </tr>
        </thead>
        <tbody>
          {RATING_ITEMS.map((item) => (
            <tr key={item.key} className={item.key === 'all' ? styles.overall : undefined} data-item={item.key}>
              <th scope="row">{item.label}</th>
              <ScoreCell value={tableData.baseCompany[item.key]} />
              {targetCompany && <ScoreCell value={tableData.targetCompany[item.key]} />}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function CompanyHead({ company, count, side }: { company: Company; count: number; side: 'base' | 'target' }) {
  return (
    <th scope="col" className={side === 'base' ? styles.baseHead : styles.targetHead}>
      <span className={styles.swatch} aria-hidden="true" />
      <Link to={`/companies/${company.id}`} className={styles.companyLink}>
        <NameText>{company.name}</NameText>
      </Link>
      <span className={styles.count}>{count > 0 ? `体験記 ${formatCount(count, '件')}の平均` : '体験記 0件'}</span>
    </th>
  );
}

function ScoreCell({ value }: { value: string | null }) {
  const text = formatScoreCell(value);
  const number = text === '--' ? null : Number(text);
  return (
    <td className={number === null ? styles.empty : styles.score}>
      <span className={styles.value}>{text}</span>
      {number !== null && (
        <span className={styles.bar} aria-hidden="true">
          <span className={styles.fill} style={{ width: `${(number / 5) * 100}%` }} />
        </span>
      )}
    </td>
  );
}
