import { useNavigate } from 'react-router';
import { buttonClassName } from '../../../ui/button';
import { Link, type SitePath } from '../../../ui/link';
import { CompanyPicker } from '../../search/components/company-picker';
import styles from './queue-company-filter.module.css';

/**
 * The queue's company filter: the site's company picker (name or reading, in kana or romaji, as
 * the header's search finds them) and the companies with the most posts waiting as one-tap
 * links; with a company chosen, its name and a link that removes the filter.
 */
export function QueueCompanyFilter(props: {
  company: { id: number; name: string } | null;
  waitingCompanies: ReadonlyArray<{ id: number; name: string; waiting: number }>;
  /** The queue with this company (null: any company) and the other filters as they are. */
  hrefFor: (companyId: number | null) => SitePath;
}) {
  const navigate = useNavigate();
  if (props.company) {
    return (
      <div className={styles.chosen}>
        <p className={styles.chosenText}>
          <span className={styles.chosenLabel}>企業で絞り込み中</span>
          <strong className={styles.chosenName}>{props.company.name}</strong>
        </p>
        <Link to={props.hrefFor(null)} className={buttonClassName({ variant: 'secondary', size: 'small' })}>
          絞り込みを解除
        </Link>
      </div>
    );
  }
  return (
    <div className={styles.box}>
      <CompanyPicker
        initial={null}
        choices={[]}
        searchLabel="企業で絞り込む"
        onChoose={(company) => void navigate(props.hrefFor(company.id))}
      />
      {props.waitingCompanies.length > 0 && (
        <div className={styles.waiting}>
          <p className={styles.waitingTitle}>審査待ちの投稿が多い企業</p>
          <ul className={styles.chips}>
            {props.waitingCompanies.map((company) => (
              <li key={company.id}>
                <Link to={props.hrefFor(company.id)} className={styles.chip}>
                  {company.name}
                  <span className={styles.chipCount}>
                    {company.waiting}
                    <span className="visually-hidden">件</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
