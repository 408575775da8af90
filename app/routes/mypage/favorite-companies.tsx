import { privatePageHeaders } from '../../features/accounts/page-headers';
import { FavoriteButton } from '../../features/favorites/components/favorite-button';
import { listFavorites } from '../../features/favorites/list-favorites.server';
import { requireStudent } from '../../features/accounts/session-request.server';
import { formatDate } from '../../lib/format';
import { privatePageMeta } from '../../lib/meta';
import { Card } from '../../ui/card';
import { Link } from '../../ui/link';
import type { Route } from './+types/favorite-companies';
import styles from './mypage.module.css';
import { KEPT_FOR_SESSION } from '../../lib/shared-page';

export const headers = privatePageHeaders;
// Kept rendered for the session a few seconds (docs/decisions/072-session-pages-kept.md).
export const handle = KEPT_FOR_SESSION;

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireStudent(request);
  return { favorites: await listFavorites({ userId: user.id }) };
}

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta(matches, 'お気に入り企業', 'お気に入りに登録した企業の一覧です。');
}

export default function FavoriteCompaniesPage({ loaderData }: Route.ComponentProps) {
  const { favorites } = loaderData;
  return (
    <Card as="section" title={`お気に入り企業（${favorites.length}社）`} titleAs="h2" className={styles.card}>
      {favorites.length === 0 ? (
        <p className={styles.favoritesEmpty}>
          まだお気に入りの企業はありません。<Link to="/companies">企業を探す</Link>から、気になる企業をお気に入り登録しましょう。
        </p>
      ) : (
        <ul className={styles.favorites}>
          {favorites.map((favorite) => (
            <li key={favorite.companyId} className={styles.favorite}>
              <Link to={`/companies/${favorite.companyId}`} className={styles.favoriteLink}>
                <span className={styles.favoriteName}>{favorite.name}</span>
                <span className={styles.favoriteMeta}>
                  {favorite.industryName}・{favorite.prefectureName}・{formatDate(favorite.addedAt)}に登録
                </span>
              </Link>
              <FavoriteButton companyId={favorite.companyId} companyName={favorite.name} favorited size="small" />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
