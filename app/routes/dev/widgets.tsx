import { useState, type FormEvent, type ReactNode } from 'react';
import { BottomSheet } from '../../ui/bottom-sheet';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { Checkbox, CheckboxGroup } from '../../ui/checkbox';
import { Input } from '../../ui/input';
import { Radio, RadioGroup } from '../../ui/radio';
import { Select } from '../../ui/select';
import { SnackBar, SnackBarProvider, useSnackBar } from '../../ui/snack-bar';
import { StarRating } from '../../ui/star-rating';
import { StarRatingInput } from '../../ui/star-rating-input';
import { StepIcon } from '../../ui/step-icon';
import { StickyBottomBar } from '../../ui/sticky-bottom-bar';
import { Textarea } from '../../ui/textarea';
// The route folder holds route modules only, so the gallery's own layout lives beside the widgets.
import styles from '../../ui/dev-widgets.module.css';
import { AppError } from '../../lib/app-error';
import { PrefectureOptions } from '../../features/companies/components/prefecture-options';
import { PREFECTURES } from '../../features/demo/prefectures';

// The widget gallery (/dev/widgets): every shared widget in its important states, for building
// and reviewing the design system. It does not exist in production.

export function loader() {
  if (process.env.NODE_ENV === 'production') throw new AppError('not_found');
  return null;
}

export function meta() {
  return [{ title: 'ウィジェット一覧 | シューログ' }, { name: 'robots', content: 'noindex' }];
}

/** The gallery's sections, in order: the table of contents and the page are both drawn from this list. */
const SECTIONS: ReadonlyArray<{ id: string; title: string; description: string; Demos: () => ReactNode }> = [
  {
    id: 'buttons',
    title: 'ボタン',
    description: '種類は4つ、サイズは小・中・大（既定は中）。小サイズも押せる範囲は44px以上あります。',
    Demos: ButtonsDemos,
  },
  {
    id: 'bottom-sheet',
    title: 'ボトムシート',
    description:
      '画面下から0.3秒でせり上がるモーダルです。スマートフォンでは全幅、PCでは幅640px。Escキー・背景のクリック・「閉じる」で閉じ、開いている間はフォーカスがシートの中に留まります。',
    Demos: BottomSheetDemos,
  },
  {
    id: 'snack-bar',
    title: 'スナックバー',
    description:
      '操作の結果を画面下に短く知らせます（0.5秒で表示・非表示）。読み上げソフトには控えめに通知されます。ポインターやフォーカスが乗っている間は自動で消えません。',
    Demos: SnackBarDemos,
  },
  {
    id: 'forms',
    title: 'フォーム部品',
    description:
      'どの部品もラベルを常に表示し、エラーは入力欄のすぐ下に赤で表示します。JavaScriptが動く前でも通常のフォームとして送信できます。',
    Demos: FormsDemos,
  },
  {
    id: 'star-rating',
    title: '星評価',
    description: '平均点は小数点以下1桁まで星の塗りで表し、読み上げでは「5点中3.6点」と伝えます。入力では矢印キーで点数を変えられます。',
    Demos: StarRatingDemos,
  },
  {
    id: 'step-icon',
    title: 'ステップ表示',
    description:
      '選考の進み具合です。済んだ段階はチェック、現在の段階は強調、まだの段階は灰色で示します。375px幅でも長い名前は枠の中で折り返します。',
    Demos: StepIconDemos,
  },
  {
    id: 'cards',
    title: 'カード',
    description: '角丸は小さめ、薄い枠線と影で面を分けます。リンク付きのカードはカード全体が押せます。',
    Demos: CardsDemos,
  },
  {
    id: 'sticky-bottom-bar',
    title: '下部固定バー',
    description:
      'ページの主な操作を親指の届く位置に置きます。スマートフォン（768px未満）では画面下に固定され、ページ下端に同じ高さの余白が自動で付きます。PCでは置いた枠の下端に貼り付きます。',
    Demos: StickyBottomBarDemos,
  },
];

const SELECTION_STEPS = ['ES提出', '1次面接通過', '2次面接以降通過', '内定', '入社'];
const INTERN_STEPS = ['エントリー', 'ES提出', '面接', '参加'];

const YEAR_SEASONS = [
  { value: '2025_summer', label: '2025年 夏' },
  { value: '2024_winter', label: '2024年 冬' },
  { value: '2024_summer', label: '2024年 夏' },
];

const COMPANIES = [
  { id: 101, name: 'さくらテック株式会社', industry: 'IT・通信', pref: '東京都', score: 4.2, reports: 38 },
  { id: 102, name: 'みなと商事株式会社', industry: '商社', pref: '大阪府', score: 3.6, reports: 12 },
  { id: 103, name: 'あおば製薬株式会社', industry: 'メーカー（医薬品）', pref: '神奈川県', score: 2.5, reports: 5 },
  { id: 104, name: 'ひかり銀行株式会社', industry: '金融', pref: '愛知県', score: null, reports: 0 },
];

export default function DevWidgetsRoute() {
  return (
    <SnackBarProvider>
      <Gallery />
    </SnackBarProvider>
  );
}

function Gallery() {
  return (
    <main id="main" tabIndex={-1} className={styles.page}>
      <div className={styles.hero}>
        <p className={styles.eyebrow}>シューログ デザインシステム</p>
        <h1 className={styles.heading}>ウィジェット一覧</h1>
        <p className={styles.lead}>
          全ページで共通して使うUI部品と、その主な状態の一覧です。この画面は開発環境でのみ表示され、本番環境では404になります。
        </p>
        <nav aria-label="目次">
          <ul className={styles.toc}>
            {SECTIONS.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className={styles.tocLink}>
                  {section.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>

      {SECTIONS.map(({ id, title, description, Demos }) => (
        <Section key={id} id={id} title={title} description={description}>
          <Demos />
        </Section>
      ))}
    </main>
  );
}

function Section({ id, title, description, children }: { id: string; title: string; description: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={styles.section}>
      <div className={styles.sectionHeader}>
        <h2 id={`${id}-title`} className={styles.sectionTitle}>
          {title}
        </h2>
        <p className={styles.sectionDescription}>{description}</p>
      </div>
      <div className={styles.sectionBody}>{children}</div>
    </section>
  );
}

/** One labelled specimen: what state is shown, then the widget in it. */
function Demo({ label, note, wide, children }: { label: string; note?: ReactNode; wide?: boolean; children: ReactNode }) {
  return (
    <div className={wide ? styles.demoWide : styles.demo}>
      <h3 className={styles.demoLabel}>{label}</h3>
      {note != null && <p className={styles.demoNote}>{note}</p>}
      <div className={styles.demoContent}>{children}</div>
    </div>
  );
}

function ButtonsDemos() {
  const snackBar = useSnackBar();
  // A new key gives a fresh button, so the submit demo can be tried again.
  const [submitRound, setSubmitRound] = useState(0);

  function onDemoSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTimeout(() => {
      snackBar.show('送信しました（見本）');
      setSubmitRound((round) => round + 1);
    }, 2000);
  }

  return (
    <>
      <Demo label="種類">
        <div className={styles.row}>
          <Button>主要な操作</Button>
          <Button variant="secondary">補助的な操作</Button>
          <Button variant="ghost">テキストボタン</Button>
          <Button variant="danger">削除する</Button>
        </div>
      </Demo>
      <Demo label="サイズ">
        <div className={styles.row}>
          <Button size="small">小</Button>
          <Button>中（既定）</Button>
          <Button size="large">大</Button>
        </div>
        <div className={styles.row}>
          <Button variant="secondary" size="small">
            小
          </Button>
          <Button variant="secondary">中（既定）</Button>
          <Button variant="secondary" size="large">
            大
          </Button>
        </div>
      </Demo>
      <Demo label="無効">
        <div className={styles.row}>
          <Button disabled>主要な操作</Button>
          <Button variant="secondary" disabled>
            補助的な操作
          </Button>
          <Button variant="ghost" disabled>
            テキストボタン
          </Button>
          <Button href="/badges" disabled>
            リンク
          </Button>
        </div>
      </Demo>
      <Demo
        label="押した後に無効化（disabledLabel）"
        note="押すと「送信中…」になり、二重送信を防ぎます。フォームは通常どおり送信されます。"
      >
        <form className={styles.row} onSubmit={onDemoSubmit}>
          <Button key={submitRound} type="submit" disabledLabel="送信中…">
            送信する
          </Button>
          <Button variant="secondary" disabledLabel="保存中…" pending>
            下書き保存
          </Button>
        </form>
      </Demo>
      <Demo label="リンク・アイコン付き">
        <div className={styles.row}>
          <Button href="/badges" variant="secondary">
            バッジを確認する
          </Button>
          <Button variant="secondary" icon={<HeartPlusIcon />}>
            お気に入りに追加
          </Button>
          <Button variant="ghost" icon={<CopyIcon />}>
            リンクをコピー
          </Button>
        </div>
      </Demo>
      <Demo label="全幅" note="スマートフォンのフォーム送信などに。">
        <div className={styles.narrow}>
          <Button fullWidth size="large">
            会員登録する
          </Button>
        </div>
      </Demo>
    </>
  );
}

function BottomSheetDemos() {
  const snackBar = useSnackBar();
  const [badgeOpen, setBadgeOpen] = useState(false);
  const [formOpen, setFormOpen] = useState(false);

  function onTrackerSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormOpen(false);
    snackBar.show('選考状況を更新しました');
  }

  return (
    <>
      <Demo label="バッジ獲得のお知らせ">
        <Button onClick={() => setBadgeOpen(true)}>バッジ獲得シートを開く</Button>
      </Demo>
      <Demo label="フォームを含むシート">
        <Button variant="secondary" onClick={() => setFormOpen(true)}>
          選考状況の更新シートを開く
        </Button>
      </Demo>

      <BottomSheet
        open={badgeOpen}
        onClose={() => setBadgeOpen(false)}
        title="「はじめてのお気に入り」バッジを獲得しました🎉"
        footer={
          <Button href="/badges" fullWidth>
            バッジの獲得状況を見る
          </Button>
        }
      >
        <div className={styles.badgeSheet}>
          <span className={styles.badgeMedal} aria-hidden="true">
            <HeartIcon />
          </span>
          <p className={styles.badgeText}>
            お気に入りに企業を初めて追加しました。
            <br />
            ほか2個のバッジも獲得しています。
          </p>
          <p className={styles.shareLabel}>獲得をシェアする</p>
          <div className={styles.shareRow}>
            <Button href="https://x.com/intent/tweet" variant="secondary" size="small" target="_blank" rel="noopener noreferrer">
              X
            </Button>
            <Button
              href="https://www.facebook.com/sharer/sharer.php"
              variant="secondary"
              size="small"
              target="_blank"
              rel="noopener noreferrer"
            >
              Facebook
            </Button>
            <Button
              href="https://social-plugins.line.me/lineit/share"
              variant="secondary"
              size="small"
              target="_blank"
              rel="noopener noreferrer"
            >
              LINE
            </Button>
            <Button variant="secondary" size="small" icon={<CopyIcon />} onClick={() => snackBar.show('リンクをコピーしました')}>
              リンクをコピー
            </Button>
          </div>
        </div>
      </BottomSheet>

      <BottomSheet
        open={formOpen}
        onClose={() => setFormOpen(false)}
        title="選考状況を更新"
        footer={
          <>
            <Button variant="secondary" onClick={() => setFormOpen(false)}>
              キャンセル
            </Button>
            <Button type="submit" form="dev-tracker-form">
              更新する
            </Button>
          </>
        }
      >
        <form id="dev-tracker-form" className={styles.stack} onSubmit={onTrackerSubmit}>
          <p className={styles.sheetCompany}>さくらテック株式会社</p>
          <StepIcon steps={SELECTION_STEPS} current={1} size="small" />
          <RadioGroup
            legend="現在の選考状況"
            name="status"
            required
            defaultValue="1"
            options={SELECTION_STEPS.map((step, index) => ({ value: String(index), label: step }))}
          />
          <Input label="次回の予定日" type="date" name="next_date" hint="面接日などがあれば入力してください" />
          <Textarea label="メモ" name="memo" maxLength={200} rows={3} placeholder="面接で聞かれたことなど" />
        </form>
      </BottomSheet>
    </>
  );
}

function SnackBarDemos() {
  const snackBar = useSnackBar();
  const [badgeOpen, setBadgeOpen] = useState(false);
  return (
    <>
      <Demo label="メッセージのみ（5秒で消える）">
        <Button variant="secondary" onClick={() => snackBar.show('下書きを保存しました')}>
          保存メッセージを表示
        </Button>
      </Demo>
      <Demo label="操作付き">
        <Button
          variant="secondary"
          onClick={() =>
            snackBar.show('お気に入りから削除しました', {
              action: { label: '元に戻す', onClick: () => snackBar.show('お気に入りに戻しました') },
            })
          }
        >
          操作付きで表示
        </Button>
      </Demo>
      <Demo label="PC向けバッジ通知（8秒で消える）">
        <Button variant="secondary" onClick={() => setBadgeOpen(true)}>
          バッジ獲得を通知
        </Button>
        <SnackBar
          open={badgeOpen}
          onClose={() => setBadgeOpen(false)}
          autoHideMs={8000}
          icon="🎉"
          message={
            <>
              <strong>「はじめてのお気に入り」バッジを獲得しました</strong>
              <br />
              ほか2個のバッジ
            </>
          }
          action={{ label: 'バッジを確認する', href: '/badges' }}
        />
      </Demo>
    </>
  );
}

function FormsDemos() {
  return (
    <div className={styles.formGrid}>
      <Demo label="テキスト入力">
        <div className={styles.stack}>
          <Input label="氏名" name="name" placeholder="山田 花子" autoComplete="name" />
          <Input label="メールアドレス" name="email" type="email" required autoComplete="email" hint="ログインに使います" />
          <Input
            label="卒業年度"
            name="graduation_year"
            inputMode="numeric"
            defaultValue="27"
            required
            error="4桁の数字で入力してください（例：2027）"
          />
          <Input label="大学名" name="university" defaultValue="シューログ大学" disabled />
        </div>
      </Demo>
      <Demo label="複数行テキスト">
        <div className={styles.stack}>
          <Textarea
            label="インターンの内容"
            name="content"
            maxLength={400}
            hint="どんな課題に取り組んだかを書いてください"
            defaultValue="新規事業の立案に5日間取り組みました。"
          />
          <Textarea label="感想" name="impression" maxLength={400} required rows={3} error="感想を入力してください" />
          <Textarea
            label="設問（内容に合わせて広がる grow）"
            name="question"
            grow
            rows={1}
            maxLength={200}
            defaultValue="学生時代に最も力を入れたことと、その経験から学んだことを、具体的なエピソードを交えて教えてください。"
          />
        </div>
      </Demo>
      <Demo label="セレクト">
        <div className={styles.stack}>
          <Select label="年度・時期" name="year_season" options={YEAR_SEASONS} defaultValue="2024_summer" />
          <Select label="本社所在地" name="pref" placeholder="選択してください" required error="本社所在地を選択してください">
            <PrefectureOptions prefectures={PREFECTURES} />
          </Select>
        </div>
      </Demo>
      <Demo label="チェックボックス">
        <div className={styles.stack}>
          <div>
            <Checkbox label="ログイン状態を保持する" name="remember" defaultChecked />
            <Checkbox label="新着の体験記をメールで受け取る" name="newsletter" description="週1回、お気に入り企業の新着をお届けします" />
            <Checkbox label="利用規約に同意する" name="terms" required error="同意が必要です" />
            <Checkbox label="選択できない項目" disabled />
          </div>
          <CheckboxGroup legend="志望業界" hint="複数選択できます" orientation="horizontal" required error="1つ以上選択してください">
            <Checkbox label="IT・通信" name="industries" value="it" />
            <Checkbox label="メーカー" name="industries" value="maker" />
            <Checkbox label="商社" name="industries" value="trading" />
            <Checkbox label="金融" name="industries" value="finance" />
          </CheckboxGroup>
        </div>
      </Demo>
      <Demo label="ラジオボタン">
        <div className={styles.stack}>
          <RadioGroup legend="開催形式" name="format" defaultValue="online" orientation="horizontal">
            <Radio value="onsite" label="対面" />
            <Radio value="online" label="オンライン" />
            <Radio value="hybrid" label="併用" />
          </RadioGroup>
          <RadioGroup
            legend="時期"
            name="season"
            required
            error="時期を選択してください"
            options={[
              { value: 'summer', label: '夏', description: '6〜9月に開催' },
              { value: 'winter', label: '冬', description: '10〜2月に開催' },
            ]}
          />
        </div>
      </Demo>
    </div>
  );
}

function StarRatingDemos() {
  const [rating, setRating] = useState<number | null>(4);
  return (
    <>
      <Demo label="表示（中）">
        <dl className={styles.ratingList}>
          {[0, 2.5, 3.6, 5].map((value) => (
            <div key={value} className={styles.ratingRow}>
              <dt>{value}</dt>
              <dd>
                <StarRating value={value} showValue />
              </dd>
            </div>
          ))}
          <div className={styles.ratingRow}>
            <dt>評価なし</dt>
            <dd>
              <StarRating value={null} showValue />
            </dd>
          </div>
        </dl>
      </Demo>
      <Demo label="表示（小）">
        <dl className={styles.ratingList}>
          {[0, 2.5, 3.6, 5].map((value) => (
            <div key={value} className={styles.ratingRow}>
              <dt>{value}</dt>
              <dd>
                <StarRating value={value} size="small" showValue />
              </dd>
            </div>
          ))}
        </dl>
      </Demo>
      <Demo label="入力" note={`選択中：${rating ? `${rating}点` : 'なし'}`}>
        <div className={styles.stack}>
          <StarRatingInput name="rating_all" label="総合評価" required value={rating} onChange={setRating} />
          <StarRatingInput name="rating_mentor" label="メンターのコミット" size="small" hint="社員の方がどれだけ関わってくれたか" />
          <StarRatingInput name="rating_growth" label="自己成長" required error="評価を選択してください" />
        </div>
      </Demo>
    </>
  );
}

function StepIconDemos() {
  return (
    <>
      <Demo label="ES提出の段階" wide>
        <StepIcon steps={SELECTION_STEPS} current={0} />
      </Demo>
      <Demo label="2次面接以降通過の段階" wide>
        <StepIcon steps={SELECTION_STEPS} current={2} />
      </Demo>
      <Demo label="入社" wide>
        <StepIcon steps={SELECTION_STEPS} current={4} />
      </Demo>
      <Demo label="小サイズ・インターン（未着手）" wide>
        <StepIcon steps={INTERN_STEPS} current={-1} size="small" label="インターン選考" />
      </Demo>
    </>
  );
}

function CardsDemos() {
  return (
    <>
      <Demo label="企業カード（リンク付き・一覧）" wide>
        <ul className={styles.cardGrid}>
          {COMPANIES.map((company) => (
            <Card
              key={company.id}
              as="li"
              title={company.name}
              href={`/companies/${company.id}`}
              footer={company.reports > 0 ? `インターン体験記 ${company.reports}件` : 'まだ体験記がありません'}
            >
              <p className={styles.cardMeta}>
                {company.industry}・本社：{company.pref}
              </p>
              <StarRating value={company.score} size="small" showValue />
            </Card>
          ))}
        </ul>
      </Demo>
      <Demo label="記事・セクション" wide>
        <div className={styles.cardPair}>
          <Card as="article" title="サマーインターン体験記（2024年 夏）" footer="2024年9月12日 投稿・参考になった 24件">
            <p className={styles.cardText}>
              5日間のグループワークで新規事業を立案しました。社員の方が毎日フィードバックをくださり、業界理解が深まりました。
            </p>
          </Card>
          <Card as="section" title="企業概要">
            <dl className={styles.facts}>
              <div>
                <dt>業界</dt>
                <dd>IT・通信</dd>
              </div>
              <div>
                <dt>従業員数</dt>
                <dd>1,200名</dd>
              </div>
              <div>
                <dt>設立</dt>
                <dd>1998年</dd>
              </div>
            </dl>
          </Card>
        </div>
      </Demo>
    </>
  );
}

function StickyBottomBarDemos() {
  const snackBar = useSnackBar();
  const [shown, setShown] = useState(true);
  return (
    <>
      <Demo label="表示の切り替え" wide>
        <Checkbox label="下部固定バーを表示する" checked={shown} onChange={(event) => setShown(event.target.checked)} />
      </Demo>
      {shown && (
        <div className={styles.stickyDemo}>
          <p className={styles.cardText}>
            投稿フォームの末尾に置いた例です。PCでは、この枠が画面に見えている間はバーが画面下端に留まり、枠の終わりで止まります。
          </p>
          <StickyBottomBar role="group" aria-label="投稿の操作">
            <Button variant="secondary" onClick={() => snackBar.show('下書きを保存しました')}>
              下書き保存
            </Button>
            <Button onClick={() => snackBar.show('投稿しました。審査後に公開されます')}>投稿する</Button>
          </StickyBottomBar>
        </div>
      )}
    </>
  );
}

function HeartIcon() {
  return (
    <svg viewBox="0 0 24 24" focusable="false">
      <path d="M12 20.5s-7.5-4.6-7.5-10.1A4.4 4.4 0 0 1 12 7.6a4.4 4.4 0 0 1 7.5 2.8c0 5.5-7.5 10.1-7.5 10.1z" fill="currentColor" />
    </svg>
  );
}

function HeartPlusIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M12 20s-7.5-4.6-7.5-10A4.4 4.4 0 0 1 12 7.4a4.4 4.4 0 0 1 7.5 2.6" />
      <path d="M18 13.5v6M15 16.5h6" />
    </svg>
  );
}

function CopyIcon() {
  return (
    <svg viewBox="0 0 24 24" focusable="false" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round">
      <rect x="8" y="8" width="12" height="12" rx="2" />
      <path d="M16 8V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h2" />
    </svg>
  );
}
