import { useEffect, useId, useRef, useState } from 'react';
import { Link } from '../../../ui/link';
import { formatCount } from '../../../lib/format';
import { useCompanySuggestions } from '../../search/use-company-suggestions';
import type { RelatedCompany } from '../compare-data';
import { NameText } from '../../../ui/name-text';
import styles from './compare-search-panel.module.css';

// Texts fixed by docs/product/texts-timings-sizes.md#comparison-page.
const PLACEHOLDER = '企業名を入力';
const RELATED_HEADING = '関連企業と比較';
const NO_MATCH = '該当する企業が見つかりませんでした。';
const ERROR = 'エラーが発生しました。ページを再読み込みするか、しばらく時間をおいてから再度お試しください。';

/**
 * The compare search panel (docs/product/pages.md#compare-search-panel). INIT, with an empty input, lists the
 * related companies; typing asks GET /api/company?source=incremental through the shared
 * suggestions hook (300 ms debounce, a newer request aborts the one in flight); RES lists the
 * matches; ERR says the search failed.
 */
export function CompareSearchPanel({
  id,
  open,
  baseCompanyId,
  relatedCompanies,
}: {
  id: string;
  open: boolean;
  baseCompanyId: number;
  relatedCompanies: RelatedCompany[];
}) {
  const [value, setValue] = useState('');
  const state = useCompanySuggestions(value);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const headingId = useId();
  const wasOpen = useRef(open);

  // Opening the panel with the toggle puts the cursor in the box; the initial render does not.
  useEffect(() => {
    if (open && !wasOpen.current) inputRef.current?.focus();
    wasOpen.current = open;
  }, [open]);

  const showInit = value.trim() === '' || state.status === 'init';

  return (
    <section id={id} className={styles.panel} hidden={!open} aria-label="比較する企業を選ぶ">
      <div className={styles.searchRow}>
        <label htmlFor={inputId} className="visually-hidden">
          比較する企業名
        </label>
        <svg className={styles.icon} viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.2" />
          <path d="M15.5 15.5 21 21" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
        </svg>
        <input
          ref={inputRef}
          id={inputId}
          className={styles.input}
          type="search"
          placeholder={PLACEHOLDER}
          autoComplete="off"
          enterKeyHint="search"
          maxLength={100}
          value={value}
          onChange={(event) => setValue(event.target.value)}
        />
      </div>
      <div className={styles.body} aria-live="polite">
        {showInit ? (
          <>
            <h2 id={headingId} className={styles.heading}>
              {RELATED_HEADING}
            </h2>
            {relatedCompanies.length === 0 ? (
              <p className={styles.message}>関連企業はまだありません。企業名を入力して比較する企業を探してください。</p>
            ) : (
              <ul className={styles.list} aria-labelledby={headingId}>
                {relatedCompanies.map((company) => (
                  <li key={company.companyId}>
                    <Link to={`/companies/${baseCompanyId}/intern/compare/${company.companyId}`} className={styles.item}>
                      <NameText className={styles.name}>{company.name}</NameText>
                      <span className={styles.meta}>
                        本社：{company.prefName}
                        <span className={styles.dot} aria-hidden="true">
                          ・
                        </span>
                        インターン体験記 {formatCount(company.internReportCount, '件')}
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </>
        ) : state.status === 'loading' ? (
          <p className={styles.message}>
            <span className={styles.spinner} aria-hidden="true" />
            検索しています…
          </p>
        ) : state.status === 'error' ? (
          <p className={styles.error}>{ERROR}</p>
        ) : state.companies.length === 0 ? (
          <p className={styles.message}>{NO_MATCH}</p>
        ) : (
          <ul className={styles.list} aria-label="検索結果">
            {state.companies.map((company) =>
              company.company_id === baseCompanyId ? (
                <li key={company.company_id}>
                  <div className={styles.itemCurrent}>
                    <NameText className={styles.name}>{company.name}</NameText>
                    <span className={styles.meta}>本社：{company.pref_name}（比較元の企業です）</span>
                  </div>
                </li>
              ) : (
                <li key={company.company_id}>
                  <Link to={`/companies/${baseCompanyId}/intern/compare?target_company_id=${company.company_id}`} className={styles.item}>
                    <NameText className={styles.name}>{company.name}</NameText>
                    <span className={styles.meta}>本社：{company.pref_name}</span>
                    {company.url && <span className={styles.url}>{company.url}</span>}
                  </Link>
                </li>
              ),
            )}
          </ul>
        )}
      </div>
    </section>
  );
}
