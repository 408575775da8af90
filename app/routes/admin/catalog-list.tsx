// What the admin lists of companies and of services share (not a route): the keyword and page of
// the URL, and the search form above the list.
import { Form } from 'react-router';
import { parseId } from '../../lib/http';
import { Button } from '../../ui/button';
import { Input } from '../../ui/input';
import { Link } from '../../ui/link';
import styles from './catalog.module.css';

const KEYWORD_MAX = 100;

/** The list's keyword (?q=, at most KEYWORD_MAX characters) and page (?page=, from 1). */
export function catalogQuery(request: Request): { keyword: string; page: number } {
  const url = new URL(request.url);
  const keyword = Array.from(url.searchParams.get('q') ?? '')
    .slice(0, KEYWORD_MAX)
    .join('');
  return { keyword, page: parseId(url.searchParams.get('page')) ?? 1 };
}

/** The search form of a list at `listPath`, with a link back to the whole list while a keyword is set. */
export function CatalogSearch(props: { listPath: `/${string}`; formLabel: string; label: string; placeholder: string; keyword: string }) {
  return (
    <Form method="get" className={styles.search} role="search" aria-label={props.formLabel}>
      <Input
        type="search"
        name="q"
        label={props.label}
        hideLabel
        placeholder={props.placeholder}
        defaultValue={props.keyword}
        maxLength={KEYWORD_MAX}
        className={styles.searchField}
      />
      <Button type="submit" variant="secondary">
        検索
      </Button>
      {props.keyword && (
        <Link to={props.listPath} className={styles.back}>
          条件をクリア
        </Link>
      )}
    </Form>
  );
}
