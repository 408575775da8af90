import type { FormEvent } from 'react';
import { Form, useLocation, useNavigate } from 'react-router';
import { Link, type SitePath } from '../../../ui/link';
import { Select } from '../../../ui/select';
import { Input } from '../../../ui/input';
import { Button } from '../../../ui/button';
import {
  isFiltered,
  parsePostListQuery,
  POST_LIST_SORTS,
  postListSearch,
  RESULT_LABELS,
  SELECTION_LABELS,
  SORT_LABELS,
  type ListScope,
  type PostListQuery,
} from '../list-filters';
import { SEASON_LABELS } from '../labels';
import type { ListFacets } from '../list-posts.server';
import styles from './post-list-controls.module.css';

export type PostListControlsProps = {
  scope: ListScope;
  query: PostListQuery;
  facets: ListFacets;
  industries: Array<{ id: number; name: string }>;
};

function withQuery(pathname: string, search: string): SitePath {
  return (search ? `${pathname}?${search}` : pathname) as SitePath;
}

/**
 * The filter form (a GET form: it works without JavaScript, and with it each choice applies at
 * once), the sort links and the active filters of a post list. Everything lives in the URL.
 */
export function PostListControls({ scope, query, facets, industries }: PostListControlsProps) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  // With JavaScript the form goes to the list's one URL (list-filters.ts: no empty fields, a fixed
  // order, page 1), as the sort links and the canonical link do; without it, a plain GET.
  const apply = (form: HTMLFormElement) => {
    const params = new URLSearchParams();
    for (const [name, value] of new FormData(form)) if (typeof value === 'string' && value !== '') params.set(name, value);
    const next = postListSearch(parsePostListQuery(params, scope), { page: 1 });
    navigate(withQuery(pathname, next), { preventScrollReset: true });
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    apply(event.currentTarget);
  };
  const active = [query.selection, query.industryId, query.year, query.season, query.result, query.jobType].filter(
    (value) => value !== null,
  ).length;
  const years = query.year !== null && !facets.years.includes(query.year) ? [query.year, ...facets.years] : facets.years;
  const jobTypes = query.jobType && !facets.jobTypes.includes(query.jobType) ? [query.jobType, ...facets.jobTypes] : facets.jobTypes;
  const searching = query.q.trim() !== '';
  const offersFilters =
    scope.selection || scope.industry || scope.yearLabel !== null || scope.season || scope.results.length > 0 || jobTypes.length > 0;
  // The filters this list offers, each with 「すべて」 first (AnySelect), in the form's order.
  const entriesOf = (labels: Record<string, string>) => Object.entries(labels).map(([value, label]) => ({ value, label }));
  const filters = [
    scope.selection && { name: 'selection', label: '選考', value: query.selection, options: entriesOf(SELECTION_LABELS) },
    scope.industry && {
      name: 'industry',
      label: '業界',
      value: query.industryId === null ? null : String(query.industryId),
      options: industries.map((industry) => ({ value: String(industry.id), label: industry.name })),
    },
    scope.yearLabel && {
      name: 'year',
      label: scope.yearLabel,
      value: query.year === null ? null : String(query.year),
      options: years.map((year) => ({ value: String(year), label: `${year}年` })),
    },
    scope.season && { name: 'season', label: '時期', value: query.season, options: entriesOf(SEASON_LABELS) },
    scope.results.length > 0 && {
      name: 'result',
      label: '結果',
      value: query.result,
      options: scope.results.map((value) => ({ value, label: RESULT_LABELS[value] ?? value })),
    },
    scope.jobType &&
      jobTypes.length > 0 && {
        name: 'job',
        label: '職種・コース',
        value: query.jobType,
        options: jobTypes.map((value) => ({ value, label: value })),
      },
  ].filter((filter) => !!filter);

  return (
    <div className={styles.controls}>
      {(offersFilters || scope.family === 'entry_sheet') && (
        <Form
          // A new URL (a link, Back, 「条件をすべて外す」) draws the fields afresh from it.
          key={search}
          method="get"
          action={pathname}
          className={styles.form}
          aria-label="絞り込み"
          onSubmit={onSubmit}
          onChange={(event) => {
            // A choice applies at once; typing in the question box waits for Enter or the button.
            if ((event.target as HTMLElement).tagName === 'SELECT') apply(event.currentTarget);
          }}
        >
          {scope.family === 'entry_sheet' && (
            <div className={styles.search}>
              <Input
                type="search"
                name="q"
                label="設問で探す"
                defaultValue={query.q}
                placeholder="例：ガクチカ、志望動機、自己PR"
                hint="言い換え（学生時代に力を入れたこと など）や、ひらがな・カタカナの違いもまとめて探します。"
                maxLength={100}
                enterKeyHint="search"
              />
            </div>
          )}
          {offersFilters && (
            <details className={styles.filters} open={active > 0 ? true : undefined}>
              <summary className={styles.summary}>
                条件で絞り込む{active > 0 && <span className={styles.active}>（{active}件の条件）</span>}
              </summary>
              <div className={styles.selects}>
                {filters.map((filter) => (
                  <AnySelect key={filter.name} {...filter} />
                ))}
              </div>
            </details>
          )}
          {query.sort !== 'new' && <input type="hidden" name="sort" value={query.sort} />}
          <Button type="submit" variant="secondary" className={styles.apply}>
            {scope.family === 'entry_sheet' ? '検索する' : '絞り込む'}
          </Button>
        </Form>
      )}
      {!searching && (
        <nav className={styles.sorts} aria-label="並び順">
          {POST_LIST_SORTS.map((sort) =>
            sort === query.sort ? (
              <span key={sort} className={styles.sortCurrent} aria-current="true">
                {SORT_LABELS[sort]}
              </span>
            ) : (
              <Link key={sort} to={withQuery(pathname, postListSearch({ ...query, sort }, { page: 1 }))} className={styles.sort}>
                {SORT_LABELS[sort]}
              </Link>
            ),
          )}
        </nav>
      )}
    </div>
  );
}

/** What a list with no result says, with the way back to more. */
/** A filter's choice, 「すべて」 (no condition) first. */
function AnySelect(props: { name: string; label: string; value: string | null; options: Array<{ value: string; label: string }> }) {
  return (
    <Select
      name={props.name}
      label={props.label}
      defaultValue={props.value ?? ''}
      options={[{ value: '', label: 'すべて' }, ...props.options]}
    />
  );
}

export function EmptyPostList({ query, label }: { query: PostListQuery; label: string }) {
  const { pathname } = useLocation();
  if (!isFiltered(query)) {
    return <p className={styles.empty}>{label}はまだありません。</p>;
  }
  const cleared = { ...query, year: null, season: null, result: null, jobType: null, selection: null, industryId: null, q: '' };
  return (
    <div className={styles.empty}>
      <p>条件に合う{label}は見つかりませんでした。</p>
      <ul className={styles.tips}>
        {query.q.trim() !== '' && <li>設問の言葉を短くするか、「志望動機」「ガクチカ」などよく使われる言い方で探してみてください。</li>}
        <li>年や結果などの条件を減らすと見つかることがあります。</li>
      </ul>
      <Link to={withQuery(pathname, postListSearch(cleared, { page: 1 }))} className={styles.clear}>
        条件をすべて外す
      </Link>
    </div>
  );
}
