import { privatePageHeaders } from '../../features/accounts/page-headers';
import { requireStudent } from '../../features/accounts/session-request.server';
import { ReactionButtons } from '../../features/post-reactions/components/reaction-buttons';
import { listClips } from '../../features/post-reactions/list-clips.server';
import { POST_TYPES, postPath } from '../../features/posts/post-types';
import { formatDate } from '../../lib/format';
import { privatePageMeta } from '../../lib/meta';
import { Card } from '../../ui/card';
import { Link } from '../../ui/link';
import { KeepWords } from '../../ui/keep-words';
import type { Route } from './+types/clips';
import styles from './mypage.module.css';
import { KEPT_FOR_SESSION } from '../../lib/shared-page';

export const headers = privatePageHeaders;
// Kept rendered for the session a few seconds (docs/decisions/072-session-pages-kept.md).
export const handle = KEPT_FOR_SESSION;

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireStudent(request);
  return { clips: await listClips({ userId: user.id }) };
}

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta(matches, 'クリップ', 'クリップした体験記・ES・クチコミの一覧です。');
}

export default function ClipsPage({ loaderData }: Route.ComponentProps) {
  const { clips } = loaderData;
  return (
    <Card as="section" title={`クリップ（${clips.total}件）`} titleAs="h2" className={styles.card}>
      {clips.total === 0 ? (
        <p className={styles.favoritesEmpty}>
          まだクリップした投稿はありません。体験記やESの「クリップ」を押すと、あとで読み返せるようここに集まります。
          <Link to="/entry_sheets">ESを探す</Link>
        </p>
      ) : (
        clips.groups.map((group) => (
          <section key={group.type} className={styles.clipGroup} aria-labelledby={`clips-${group.type}`}>
            <h3 id={`clips-${group.type}`} className={styles.clipGroupTitle}>
              {POST_TYPES[group.type].label}
              <span className={styles.clipGroupCount}>{group.posts.length}件</span>
            </h3>
            <ul className={styles.favorites}>
              {group.posts.map((post) => (
                <li key={post.id} className={styles.clip}>
                  <Link to={postPath(post.type, post.id)} className={styles.favoriteLink}>
                    <span className={styles.favoriteName}>
                      <KeepWords>{post.title}</KeepWords>
                    </span>
                    <span className={styles.favoriteMeta}>
                      {post.subjectName ?? ''}・{formatDate(post.clippedAt)}にクリップ
                    </span>
                  </Link>
                  <ReactionButtons
                    postId={post.id}
                    postTitle={post.title}
                    usefulCount={post.usefulCount}
                    fromServer={{ clipped: true, voted: post.voted }}
                    size="small"
                  />
                </li>
              ))}
            </ul>
          </section>
        ))
      )}
    </Card>
  );
}
