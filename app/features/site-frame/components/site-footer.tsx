import { Link } from '../../../ui/link';
import styles from './site-footer.module.css';

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
            <li>
              <Link to="/companies">企業を探す</Link>
            </li>
            <li>
              <Link to="/entry_sheets">ESを探す</Link>
            </li>
            <li>
              <Link to="/intern_experiences">インターン体験記</Link>
            </li>
            <li>
              <Link to="/recruit_services">就活サービス</Link>
            </li>
            <li>
              <Link to="/badges">バッジ一覧</Link>
            </li>
            <li>
              <Link to="/mypage">マイページ</Link>
            </li>
            <li>
              <Link to="/terms">利用規約</Link>
            </li>
            <li>
              <Link to="/privacy">プライバシーポリシー</Link>
            </li>
          </ul>
        </nav>
        {demoSite && <p className={styles.note}>掲載している企業・投稿はすべてデモ用に作成した架空のものです。</p>}
        <p className={styles.copyright}>© 2026 シューログ</p>
      </div>
    </footer>
  );
}
