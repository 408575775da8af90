import { privatePageHeaders } from '../../features/accounts/page-headers';
import { useNavigate } from 'react-router';
import { requireStudent } from '../../features/accounts/session-request.server';
import { listCompanyChoices } from '../../features/posting/company-choices.server';
import { CompanyPicker } from '../../features/search/components/company-picker';
import { postingFormUrl } from '../../features/posting/writable-types';
import { POST_TYPES } from '../../features/posts/post-types';
import { privatePageMeta } from '../../lib/meta';
import { Breadcrumbs } from '../../ui/breadcrumbs';
import type { Route } from './+types/select-company';
import styles from './posting.module.css';

// /intern_experiences/select_company and /screening_experiences/select_company: the company
// first, then its form (docs/product/pages.md#posting-pages). Campaign parameters (utm_*) go on to the form.

export const headers = privatePageHeaders;

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireStudent(request);
  const url = new URL(request.url);
  const type = url.pathname.startsWith('/intern_experiences') ? ('intern_experience' as const) : ('screening_experience' as const);
  const choices = await listCompanyChoices({ userId: user.id });
  const keep = [...url.searchParams].filter(([name]) => name.startsWith('utm_'));
  return { type, choices, keep };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const label = loaderData ? POST_TYPES[loaderData.type].label : '体験記';
  return privatePageMeta(matches, `${label}を書く企業を選ぶ`, `${label}を書く企業を選んでください。`);
}

export default function SelectCompanyPage({ loaderData }: Route.ComponentProps) {
  const { type, choices, keep } = loaderData;
  const navigate = useNavigate();
  const label = POST_TYPES[type].label;
  return (
    <main id="main" tabIndex={-1} className={styles.main}>
      <div className={styles.inner}>
        <Breadcrumbs items={[{ label: 'トップ', to: '/' }, { label: `${label}を書く` }]} />
        <h1 className={styles.title}>{label}を書く企業を選ぶ</h1>
        <p className={styles.lead}>企業を選ぶと、{label}の入力フォームに進みます。</p>
        <div className={styles.panel}>
          <CompanyPicker
            initial={null}
            choices={choices}
            onChoose={(company) => navigate(postingFormUrl(type, { companyId: company.id, keep: new URLSearchParams(keep) }))}
          />
        </div>
      </div>
    </main>
  );
}
