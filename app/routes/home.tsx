import { useEffect, useRef, useState } from 'react';
import { Link } from '../ui/link';
import { ReactionButtons } from '../features/post-reactions/components/reaction-buttons';
import { useViewer } from '../features/accounts/viewer';
import { listPopularCompanies } from '../features/companies/list-popular-companies.server';
import { listLatestPosts } from '../features/posts/list-latest-posts.server';
import { PostListItem } from '../features/posts/components/post-list-item';
import { getSiteTotals } from '../features/search/get-site-totals.server';
import { RecommendedCarousel } from '../features/recommendations/components/recommended-carousel';
import { listRecommendedCompanies } from '../features/recommendations/list-recommended-companies.server';
import { RECOMMENDED_COUNT } from '../features/recommendations/recommended-count';
import { formatCount } from '../lib/format';
import { originFromMatches, pageMeta } from '../lib/meta';
import { askPersonalParts, PERSONAL_PART, useLoadedPersonalParts } from '../lib/personal-parts';
import { SHARED_PAGE } from '../lib/shared-page';
import { cx } from '../ui/cx';
import { NameText } from '../ui/name-text';
import type { Route } from './+types/home';
import styles from './home.module.css';

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    path: '/',
    origin: originFromMatches(matches),
    description:
      'シューログは、大学生が書いたインターン体験記・本選考体験記・エントリーシート・クチコミを企業ごとに読める就活情報サイトです。',
  });
}

/**
 * The same page for everyone (docs/decisions/030-shared-pages.md, 069): a student's own
 * recommendations, the hearts and the way to their posts come with the personal call, which
 * computes the recommendations for this page only.
 */
export const handle = SHARED_PAGE;

export async function loader() {
  const [totals, latestPosts, popularCompanies, recommended] = await Promise.all([
    getSiteTotals(),
    listLatestPosts({ limit: 8 }),
    listPopularCompanies({ limit: 8 }),
    listRecommendedCompanies({ limit: RECOMMENDED_COUNT }),
  ]);
  return { companyCount: totals.companies, postCount: totals.publishedPosts, latestPosts, popularCompanies, recommended };
}

const POST_CALLS = [
  { label: 'インターン体験記', text: '参加したプログラムの内容と評価を残そう', to: '/intern_experiences/select_company' },
  { label: 'エントリーシート', text: '通過したES・通過しなかったESも後輩の力に', to: '/entry_sheets/new?selection_type=intern' },
  { label: '本選考体験記', text: '面接で聞かれたこと、選考の流れを共有しよう', to: '/screening_experiences/select_company' },
] as const;

export default function Home({ loaderData }: Route.ComponentProps) {
  const { companyCount, postCount, latestPosts, popularCompanies } = loaderData;
  const loggedIn = useViewer() !== null;
  // A student's own list once the personal call has answered; until then the carousel is one of
  // the personal parts, hidden while the call is pending, so the visitors' list never flashes.
  const personal = useLoadedPersonalParts();
  const student = personal?.viewer?.role === 'student';
  const own = student ? personal.recommendedCompanies : undefined;
  const recommended = own ?? loaderData.recommended;
  // Reached from another page of the site, the personal parts are that page's: ask for this
  // page's, and keep the carousel hidden until they come (or show everyone's if the call fails).
  const asking = useRef(false);
  const [askFailed, setAskFailed] = useState(false);
  useEffect(() => {
    if (!student || own || asking.current || askFailed) return;
    asking.current = true;
    void askPersonalParts('/').then((parts) => {
      asking.current = false;
      if (!parts?.recommendedCompanies) setAskFailed(true);
    });
  }, [student, own, askFailed]);
  const waitingForOwn = student && !own && !askFailed;
  return (
    <main id="main" tabIndex={-1} className={styles.main}>
      <section className={styles.hero} aria-labelledby="hero-title">
        <h1 id="hero-title" className={styles.heroTitle}>
          先輩の<span className={styles.accent}>就活ログ</span>で、
          <br />
          次の一歩を決めよう
        </h1>
        <p className={styles.heroLead}>
          {formatCount(companyCount, '社')}・{formatCount(postCount, '件')}のインターン体験記、ES、選考体験記、クチコミを掲載中
        </p>
        <form className={styles.heroSearch} action="/companies" method="get" role="search" aria-label="企業を探す">
          <label htmlFor="hero-search" className="visually-hidden">
            企業名で検索
          </label>
          <input
            id="hero-search"
            className={styles.heroInput}
            type="search"
            name="q"
            // Short enough for a 320 px phone: the field is what is left beside 「検索」.
            placeholder="企業名（例：あおば）"
            maxLength={100}
            enterKeyHint="search"
          />
          <button type="submit" className={styles.heroButton}>
            検索
          </button>
        </form>
      </section>

      {recommended.length > 0 && (
        <section
          className={cx(styles.recommended, waitingForOwn && styles.waiting)}
          aria-labelledby="recommended-title"
          aria-busy={waitingForOwn || undefined}
          {...PERSONAL_PART}
        >
          <h2 id="recommended-title" className={styles.sectionTitle}>
            おすすめの企業
          </h2>
          <RecommendedCarousel key={own ? 'student' : 'everyone'} companies={recommended} />
        </section>
      )}

      <div className={styles.columns}>
        <section className={styles.section} aria-labelledby="latest-title">
          <h2 id="latest-title" className={styles.sectionTitle}>
            新着の投稿
          </h2>
          {latestPosts.length === 0 ? (
            <p className={styles.empty}>まだ投稿がありません。最初の体験記を書いてみませんか。</p>
          ) : (
            <ul className={styles.postList}>
              {latestPosts.map((post) => (
                <PostListItem
                  key={post.id}
                  post={post}
                  showType
                  subjectName={post.companyName ?? post.recruitServiceName}
                  actions={<ReactionButtons postId={post.id} postTitle={post.title} usefulCount={post.usefulCount} size="small" />}
                />
              ))}
            </ul>
          )}
          <p className={styles.moreLinks}>
            <Link to="/entry_sheets">ESを設問で探す</Link>
            <Link to="/intern_experiences">インターン体験記を探す</Link>
          </p>
        </section>

        <section className={styles.section} aria-labelledby="popular-title">
          <h2 id="popular-title" className={styles.sectionTitle}>
            人気の企業
          </h2>
          {popularCompanies.length === 0 ? (
            <p className={styles.empty}>お気に入り登録された企業はまだありません。</p>
          ) : (
            <ol className={styles.companyList}>
              {popularCompanies.map((company, index) => (
                <li key={company.id} className={styles.companyItem}>
                  <span className={styles.rank} aria-hidden="true">
                    {index + 1}
                  </span>
                  <span className="visually-hidden">{index + 1}位</span>
                  <Link to={`/companies/${company.id}`} className={styles.companyLink}>
                    <NameText className={styles.companyName}>{company.name}</NameText>
                    <span className={styles.companyMeta}>
                      {company.industryName}・{company.prefectureName}・お気に入り{formatCount(company.favoriteCount, '人')}
                    </span>
                  </Link>
                </li>
              ))}
            </ol>
          )}
        </section>
      </div>

      <section className={styles.calls} aria-labelledby="calls-title">
        <h2 id="calls-title" className={styles.sectionTitle}>
          あなたの就活ログが、後輩の道しるべに
        </h2>
        <ul className={styles.callList}>
          {POST_CALLS.map((call) => (
            <li key={call.label}>
              <Link to={call.to} className={styles.callItem}>
                <span className={styles.callLabel}>{call.label}を書く</span>
                <span className={styles.callText}>{call.text}</span>
              </Link>
            </li>
          ))}
        </ul>
        {loggedIn ? (
          <Link to="/mypage/posts" className={styles.callButton} {...PERSONAL_PART}>
            自分の投稿・下書きを見る
          </Link>
        ) : (
          <Link to="/signup" className={styles.callButton} {...PERSONAL_PART}>
            無料で会員登録して投稿する
          </Link>
        )}
      </section>
    </main>
  );
}
