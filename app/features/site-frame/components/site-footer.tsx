import { Link } from '../../../ui/link';
import styles from './site-footer.module.css';

/** The footer's links, in their order. */
const LINKS = [
  ['/companies', '企業を探す'],
  ['/entry_sheets', 'ESを探す'],
  ['/intern_experiences', 'インターン体験記'],
  ['/recruit_services', '就活サービス'],
  ['/badges', 'バッジ一覧'],
  ['/mypage', 'マイページ'],
  ['/terms', '利用規約'],
  ['/privacy', 'プライバシーポリシー'],
] as const;

/** `demoSite`: the data is the demo's (outside production, or DEMO_DATA=1), and the footer says so. */
export function SiteFooter({ demoSite }: { demoSite: boolean }) {
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.brand}>
          <p className={styles.name}>シューログ</p>
          <p className={styles.tagline}>先輩たちの就活記録から、自分に合う企業とインターンを見つけよう。</p>
        </div>
        <nav aria-label="サイト内リンク">
          <ul className={styles.links}>
            {LINKS.map(([to, label]) => (
              <li key={to}>
                <Link to={to}>{label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        {demoSite && <p className={styles.note}>掲載している企業・投稿はすべてデモ用に作成した架空のものです。</p>}
        <p className={styles.copyright}>© 2026 シューログ</p>
      </div>
    </footer>
  );
}
