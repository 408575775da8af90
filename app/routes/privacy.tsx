import { DescriptionList } from '../ui/description-list';
import { Link } from '../ui/link';
import { ABSOLUTE_LIFETIME_MS, ACCOUNT_RETENTION, DAY, IDLE_TIMEOUT_MS } from '../features/accounts/session-policy';
import { EMAIL_JOB_RETENTION_MS } from '../features/email/retention';
import { NOTICE_RETENTION_MS } from '../features/notifications/retention';
import { contactEmail } from '../lib/config.server';
import { SHARED_PAGE } from '../lib/shared-page';
import type { Route } from './+types/privacy';
import styles from './legal.module.css';
import { LegalDocument, legalMeta } from './legal-page';

/** The same page for everyone (docs/decisions/030-shared-pages.md). */
export const handle = SHARED_PAGE;

export function loader() {
  return { contact: contactEmail() };
}

export function meta({ matches }: Route.MetaArgs) {
  return legalMeta(matches, {
    title: 'プライバシーポリシー',
    description: 'シューログが取得する個人情報とその利用目的、保存、第三者提供、開示などの請求の方法を説明します。',
    path: '/privacy',
  });
}

/** What the site stores about a member, and why: the tables of app/db/schema.ts in plain words. */
const STORED: Array<{ item: string; purpose: string }> = [
  { item: 'メールアドレス', purpose: 'ログイン、パスワード再設定や審査結果などのお知らせメールの送信のため' },
  { item: 'パスワード', purpose: 'ログインのため。復元できない形（argon2id によるハッシュ）でのみ保存し、元のパスワードは保存しません' },
  {
    item: 'プロフィール（お名前、大学名、学部・学科、卒業年度、希望する業界・勤務地）',
    purpose: 'マイページでの表示、投稿者情報の表示（卒業年度と学部のみ）、おすすめ企業の表示のため',
  },
  { item: '投稿と下書き、審査の記録', purpose: '投稿の作成・審査・公開と、差し戻しの理由などをお知らせするため' },
  { item: 'お気に入り、クリップ、「参考になった」', purpose: '会員ご自身が読み返すため、各投稿の「参考になった」の数を表示するため' },
  {
    item: '選考管理の内容（企業、選考の段階、締切・面接などの予定）',
    purpose: '会員ご自身の選考の管理と、カレンダーへの予定の配信、締切リマインダーのため。カレンダー用のURLは会員ご自身だけに表示します',
  },
  {
    item: 'お知らせと通知の設定',
    purpose: '審査結果、お気に入り企業の新着投稿、締切リマインダー、獲得したバッジをお知らせし、既読・未読を表示するため',
  },
  { item: '企業・投稿の閲覧の記録', purpose: 'バッジの付与と、よく見られている企業の表示のため' },
  { item: 'バッジ、ポイント', purpose: '獲得状況を会員ご自身に表示するため' },
  {
    item: 'アクセスの記録（IPアドレス、日時、ページのURL、ブラウザの種類）',
    purpose: '不正なログインの防止（ログイン失敗の回数の記録を含みます）、障害の調査、サービスの改善のため',
  },
];

export default function Privacy({ loaderData }: Route.ComponentProps) {
  return (
    <LegalDocument title="プライバシーポリシー" dates="制定日：2026年11月24日 ／ 改定日：2026年11月28日（保存期間を具体的に記載）">
      <p>
        シューログ運営事務局（以下「運営者」）は、就活・インターン情報サイト「シューログ」（以下「本サービス」）で取得する個人情報を、個人情報の保護に関する法律（個人情報保護法）その他の法令にしたがって、次のとおり取り扱います。
      </p>

      <h2>1. 取得する情報と利用目的</h2>
      <p>運営者は、次の情報を、それぞれの目的の範囲内でのみ利用します。</p>
      <DescriptionList entries={STORED.map(({ item, purpose }) => ({ label: item, value: purpose }))} className={styles.items} />

      <h2>2. Cookie の利用</h2>
      <p>
        ログインの状態を保つため、フォームの不正な送信を防ぐため、ログアウトなどのお知らせを一度だけ表示するために Cookie
        を使います。広告や行動追跡のための Cookie、外部の解析サービスは使っていません。
      </p>

      <h2>3. 公開される情報</h2>
      <p>
        承認された投稿は、卒業年度と学部とともに、どなたでも読める形で公開されます。お名前、大学名、メールアドレスは公開しません。投稿の本文に、ご自身や他の人を特定できる情報を書かないでください。
      </p>

      <h2>4. お知らせとメールの配信</h2>
      <p>会員には、次のお知らせをサイトの「お知らせ」に表示し、メールでもお送りします。</p>
      <ul>
        <li>投稿の審査結果（公開・差し戻し・公開停止）</li>
        <li>お気に入りに登録した企業の新着投稿のまとめ（毎日または毎週の朝8時ごろ。はじめは毎日）</li>
        <li>選考管理に登録した締切・説明会・面接の前日の朝8時ごろのリマインダー（ES締切は3日前にも）</li>
      </ul>
      <p>
        それぞれのメールは、<Link to="/mypage/notifications/settings">通知の設定</Link>
        でいつでも止められます。メールの末尾のリンクからは、ログインせずにその種類のメールだけを止められます。会員登録の確認やパスワード再設定など、アカウントに関するメールは止められません。退会すると、お知らせと送信待ちのメールは直ちに削除します。
      </p>

      <h2>5. 第三者への提供と委託</h2>
      <ol>
        <li>法令に基づく場合を除き、ご本人の同意なく個人情報を第三者に提供しません。</li>
        <li>
          お知らせメールの送信をメール配信事業者に委託することがあります。その場合、送信に必要なメールアドレスと本文のみを預け、委託先を適切に監督します。
        </li>
      </ol>

      <h2>6. 安全管理</h2>
      <p>
        通信の暗号化、パスワードのハッシュ化、他の会員の情報を読めないようにする権限の確認、管理者の操作の記録など、個人情報の漏えい・滅失・毀損を防ぐための措置を講じます。
      </p>

      <h2>7. 保存期間</h2>
      <p>個人情報は、アカウントがある間、上記の目的のために保存します。一時的な情報は、次の期間が過ぎたものから1時間ごとに削除します。</p>
      <ul>
        <li>
          ログインの記録（セッション）: 有効期限が切れたとき（ログインから{ABSOLUTE_LIFETIME_MS / DAY}日、または{IDLE_TIMEOUT_MS / DAY}
          日間使われなかったとき）
        </li>
        <li>
          会員登録・メールアドレス変更の確認用リンク、パスワード再設定用のリンク: 使われたとき、または有効期限が過ぎたときから
          {ACCOUNT_RETENTION.spentLinksMs / DAY}日
        </li>
        <li>
          ログインに失敗した記録（IPアドレスと入力されたメールアドレス）、メール送信の依頼の記録（IPアドレス）:{' '}
          {ACCOUNT_RETENTION.loginFailuresMs / DAY}日
        </li>
        <li>
          送信したメール（宛先と件名。本文は送信時に消去します）、送信できなかったメール: 送信または断念から{EMAIL_JOB_RETENTION_MS / DAY}日
        </li>
        <li>お知らせ: お知らせした日から{NOTICE_RETENTION_MS / DAY}日</li>
      </ul>
      <p>
        <Link to="/mypage/account">アカウント設定</Link>
        から退会すると、アカウントと、上記の個人情報（メールアドレス、パスワード、プロフィール、お気に入り、クリップ、「参考になった」、選考管理、バッジ、ポイント、お知らせと通知の設定、ログイン失敗の記録、送信待ちのメール）を直ちに削除します。公開済みの投稿は、他の学生の参考となるよう、お名前・大学名・卒業年度・学部を外した「退会したユーザー」の投稿として残ります。下書きと審査中の投稿は削除します。ただし、管理者が審査で非公開とした投稿は、サイトの安全を守るための審査の記録として、投稿者を特定できない形で保存します。
      </p>

      <h2>8. 開示・訂正・利用停止などの請求</h2>
      <p>
        個人情報保護法に基づき、ご本人は保有個人データの開示、訂正・追加・削除、利用の停止・消去、第三者提供の停止を請求できます。プロフィールと希望条件は
        <Link to="/mypage">マイページ</Link>
        で、メールアドレスとパスワードの変更と退会は
        <Link to="/mypage/account">アカウント設定</Link>
        で、いつでもご自身で行えます。そのほかの請求は、下記のお問い合わせ窓口まで、登録したメールアドレスからご連絡ください。ご本人であることを確認したうえで、遅滞なく対応します。
      </p>

      <h2>9. ポリシーの変更</h2>
      <p>法令の改正やサービスの変更に合わせて、本ポリシーを変更することがあります。重要な変更は本サービス上でお知らせします。</p>

      <h2>10. お問い合わせ窓口</h2>
      <p className={styles.contact}>
        シューログ運営事務局：<a href={`mailto:${loaderData.contact}`}>{loaderData.contact}</a>
      </p>
      <p>
        本サービスの利用条件は<Link to="/terms">利用規約</Link>をご覧ください。
      </p>
    </LegalDocument>
  );
}
