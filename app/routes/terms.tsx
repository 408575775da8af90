import { Link } from '../ui/link';
import { contactEmail } from '../lib/config.server';
import { originFromMatches, pageMeta } from '../lib/meta';
import { SHARED_PAGE } from '../lib/shared-page';
import type { Route } from './+types/terms';
import styles from './legal.module.css';

/** The same page for everyone (docs/decisions/030-shared-pages.md). */
export const handle = SHARED_PAGE;

export function loader() {
  return { contact: contactEmail() };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: '利用規約',
    description: 'シューログの利用規約です。会員登録、投稿、禁止事項、投稿の取り扱いなどを定めています。',
    path: '/terms',
    origin: originFromMatches(matches),
  });
}

export default function Terms({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main" tabIndex={-1} className={styles.main}>
      <article className={styles.document}>
        <h1 className={styles.title}>利用規約</h1>
        <p className={styles.dates}>制定日：2026年11月24日</p>
        <p>
          この利用規約（以下「本規約」）は、シューログ運営事務局（以下「運営者」）が提供する就活・インターン情報サイト「シューログ」（以下「本サービス」）の利用条件を定めるものです。本サービスを利用するすべての方（以下「利用者」）は、本規約に同意したうえでご利用ください。
        </p>

        <h2>第1条（会員登録）</h2>
        <ol>
          <li>
            会員登録は、本規約と<Link to="/privacy">プライバシーポリシー</Link>に同意したうえで、ご本人が行うものとします。
          </li>
          <li>登録内容（大学名・学部・卒業年度など）は正確に入力し、変更があった場合はマイページで更新してください。</li>
          <li>1人が複数のアカウントを作ることはできません。</li>
        </ol>

        <h2>第2条（アカウントの管理）</h2>
        <ol>
          <li>メールアドレスとパスワードは、会員ご自身の責任で管理してください。</li>
          <li>第三者による不正な利用に気づいた場合は、すぐにパスワードを変更し、運営者にご連絡ください。</li>
        </ol>

        <h2>第3条（投稿）</h2>
        <ol>
          <li>体験記・ES・クチコミなどの投稿は、会員ご自身の体験にもとづく内容に限ります。</li>
          <li>投稿は運営者の審査を経て公開されます。審査の基準を満たさない投稿は、理由を添えて差し戻すことがあります。</li>
          <li>
            投稿の著作権は投稿した会員に帰属します。会員は運営者に対し、投稿を本サービスとその紹介のために無償で利用（掲載、表示のための編集、検索への利用）することを許諾するものとします。
          </li>
          <li>
            公開された投稿は、他の学生の参考となるよう、会員が退会した後も「退会したユーザー」の投稿として公開を続けることがあります。
          </li>
          <li>承認された投稿には、運営者の定めるポイントが付与されます。ポイントに換金性はありません。</li>
        </ol>

        <h2>第4条（禁止事項）</h2>
        <p>利用者は、次の行為をしてはなりません。</p>
        <ul>
          <li>事実と異なる内容、他人の体験を自分のものとして書くこと</li>
          <li>企業との間で秘密保持を約束した情報（選考問題の持ち出し禁止とされたものなど）を投稿すること</li>
          <li>特定の個人（面接官・社員・他の学生など）を特定できる情報や、誹謗中傷を投稿すること</li>
          <li>宣伝・勧誘・営業を目的とした投稿や、同じ内容の繰り返しの投稿</li>
          <li>他人になりすますこと、他人のアカウントを利用すること</li>
          <li>本サービスのサーバーやネットワークに過度な負荷をかける行為、不正なアクセス</li>
          <li>法令または公序良俗に反する行為</li>
        </ul>

        <h2>第5条（投稿の非公開・利用の停止）</h2>
        <p>
          運営者は、投稿が本規約に反すると判断した場合や、他の利用者から問題の報告があり確認が必要な場合、投稿の公開を停止することがあります。重大な違反があった場合は、アカウントの利用を停止することがあります。
        </p>

        <h2>第6条（本サービスの変更・中断）</h2>
        <p>
          運営者は、保守や障害対応のため、または内容の改善のため、事前の通知なく本サービスの全部または一部を変更・中断することがあります。
        </p>

        <h2>第7条（免責）</h2>
        <ol>
          <li>
            投稿は会員個人の体験と感想であり、運営者は内容の正確性や、選考の結果を保証するものではありません。最新の募集要項・選考情報は各企業の公式情報でご確認ください。
          </li>
          <li>
            本サービスの利用によって利用者に生じた損害について、運営者に故意または重大な過失がある場合を除き、運営者は責任を負いません。
          </li>
        </ol>

        <h2>第8条（規約の変更）</h2>
        <p>運営者は、必要に応じて本規約を変更することがあります。重要な変更は、本サービス上で事前にお知らせします。</p>

        <h2>第9条（準拠法・管轄）</h2>
        <p>本規約は日本法に準拠し、本サービスに関する紛争は東京地方裁判所を第一審の専属的合意管轄裁判所とします。</p>

        <h2>お問い合わせ</h2>
        <p className={styles.contact}>
          シューログ運営事務局：<a href={`mailto:${loaderData.contact}`}>{loaderData.contact}</a>
        </p>
      </article>
    </main>
  );
}
