import { Link } from '../ui/link';
import { ReactionButtons } from '../features/post-reactions/components/reaction-buttons';
import { getViewer } from '../features/accounts/session-request.server';
import { listFavoriteCompanyIds } from '../features/favorites/list-favorite-company-ids.server';
import { listPopularCompanies } from '../features/companies/list-popular-companies.server';
import { listLatestPosts } from '../features/posts/list-latest-posts.server';
import { PostListItem } from '../features/posts/components/post-list-item';
import { getSiteTotals } from '../features/search/get-site-totals.server';
import { RecommendedCarousel } from '../features/recommendations/components/recommended-carousel';
import {
  listRecommendedCompanies,
  listRecommendedCompaniesForStudent,
} from '../features/recommendations/list-recommended-companies.server';
import { formatCount } from '../lib/format';
import { originFromMatches, pageMeta } from '../lib/meta';
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

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await getViewer(request);
  const student = viewer?.role === 'student' ? viewer : null;
  const [totals, latestPosts, popularCompanies, recommended] = await Promise.all([
    getSiteTotals(),
    listLatestPosts({ limit: 8 }),
    listPopularCompanies({ limit: 8 }),
    student ? listRecommendedCompaniesForStudent({ userId: student.userId, limit: 15 }) : listRecommendedCompanies({ limit: 15 }),
  ]);
  // Recommendations leave out the student's favorites; the lookup keeps the hearts right anyway.
  const favoriteIds = student ? await listFavoriteCompanyIds({ userId: student.userId, companyIds: recommended.map((c) => c.id) }) : [];
  return {
    companyCount: totals.companies,
    postCount: totals.publishedPosts,
    latestPosts,
    popularCompanies,
    recommended,
    favoriteIds,
    loggedIn: viewer !== null,
  };
}

const POST_CALLS = [
  { label: 'インターン体験記', text: '参加したプログラムの内容と評価を残そう', to: '/intern_experiences/select_company' },
  { label: 'エントリーシート', text: '通過したES・通過しなかったESも後輩の力に', to: '/entry_sheets/new?selection_type=intern' },
  { label: '本選考体験記', text: '面接で聞かれたこと、選考の流れを共有しよう', to: '/screening_experiences/select_company' },
] as const;

export default function Home({ loaderData }: Route.ComponentProps) {
  const { companyCount, postCount, latestPosts, popularCompanies, recommended, favoriteIds, loggedIn } = loaderData;
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
        <section className={styles.recommended} aria-labelledby="recommended-title">
          <h2 id="recommended-title" className={styles.sectionTitle}>
            おすすめの企業
          </h2>
          <RecommendedCarousel companies={recommended} favoriteIds={favoriteIds} />
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
          <Link to="/mypage/posts" className={styles.callButton}>
            自分の投稿・下書きを見る
          </Link>
        ) : (
          <Link to="/signup" className={styles.callButton}>
            無料で会員登録して投稿する
          </Link>
        )}
      </section>
    </main>
  );
}
