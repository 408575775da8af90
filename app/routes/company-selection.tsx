import { getInsightCompany, getSelectionInsight } from '../features/selection-insight/get-selection-insight.server';
import { MIN_REPORTS, type Flows } from '../features/selection-insight/insight';
import { postPath } from '../features/posts/post-types';
import { stepKeyLabel } from '../features/posts/selection-steps';
import { postingFormUrl } from '../features/posting/writable-types';
import { AppError } from '../lib/app-error';
import { formatCount } from '../lib/format';
import { parseId } from '../lib/http';
import { originFromMatches, pageMeta } from '../lib/meta';
import { SHARED_PAGE } from '../lib/shared-page';
import { Breadcrumbs } from '../ui/breadcrumbs';
import { Card } from '../ui/card';
import { Link } from '../ui/link';
import type { Route } from './+types/company-selection';
import styles from './company-selection.module.css';

/**
 * 選考対策 (issue 34, docs/decisions/084-selection-insight.md): the same page for everyone, cached
 * like the company page; its figures follow publication through the rows migration 0030 keeps.
 */
export const handle = SHARED_PAGE;

export async function loader({ params }: Route.LoaderArgs) {
  const companyId = parseId(params.companyId);
  const company = companyId === null ? null : await getInsightCompany(companyId);
  if (!company) throw new AppError('not_found');
  const insight = await getSelectionInsight(company.id);
  return { company, insight };
}

export function meta({ data, matches }: Route.MetaArgs) {
  if (!data) return [];
  const { company } = data;
  return pageMeta({
    title: `${company.name}の選考対策（選考フロー・面接で聞かれた質問・結果連絡）`,
    description: `${company.name}の選考フロー、面接で聞かれた質問、結果連絡までの日数を、先輩の本選考体験記・インターン体験記・就活速報から集計しています。`,
    path: `/companies/${company.id}/selection`,
    origin: originFromMatches(matches),
    noindex: company.closed,
  });
}

/** How many of a kind's questions its shown phrasings stand for. */
function shownCount(questions: ReadonlyArray<{ count: number }>): number {
  return questions.reduce((sum, question) => sum + question.count, 0);
}

/** 「12件の報告から」: what a figure rests on. */
function Basis({ count, what = '報告' }: { count: number; what?: string }) {
  return <p className={styles.basis}>{`${formatCount(count, '件')}の${what}から`}</p>;
}

function FewReports({ children }: { children: string }) {
  return <p className={styles.empty}>{children}</p>;
}

/** The flows of one kind of selection, most common first, with how many reports each and per graduation year. */
function FlowList({ title, flows, source }: { title: string; flows: Flows; source: string }) {
  if (flows.reportCount === 0) return null;
  return (
    <div className={styles.subsection}>
      <h3 className={styles.subtitle}>{title}</h3>
      {flows.flows.length === 0 ? (
        <FewReports>{`同じ流れの報告が${MIN_REPORTS}件以上ある選考フローはまだありません（${source}${formatCount(flows.reportCount, '件')}）。`}</FewReports>
      ) : (
        <>
          <Basis count={flows.reportCount} what={source} />
          <ol className={styles.flows}>
            {flows.flows.map((flow, index) => (
              <li key={flow.text} className={styles.flow}>
                <p className={styles.flowHead}>
                  <span className={styles.rank}>{index === 0 ? 'いちばん多い流れ' : `${index + 1}番目に多い流れ`}</span>
                  <span className={styles.flowCount}>{formatCount(flow.count, '件')}</span>
                </p>
                <ol className={styles.flowSteps} aria-label={flow.text}>
                  {flow.steps.map((step, at) => (
                    <li key={at}>
                      <span className={styles.chip}>{stepKeyLabel(step)}</span>
                    </li>
                  ))}
                </ol>
                {flow.byYear.length > 0 && (
                  <p className={styles.years}>{flow.byYear.map((year) => `${year.year}年卒 ${year.count}件`).join('・')}</p>
                )}
              </li>
            ))}
          </ol>
        </>
      )}
    </div>
  );
}

/** The invitation to report: a 本選考体験記 or a 就活速報 about this company. */
function WriteLinks({ companyId }: { companyId: number }) {
  return (
    <p className={styles.actions}>
      <Link to={postingFormUrl('screening_experience', { companyId }) as `/${string}`} className={styles.primaryAction}>
        本選考体験記を書く
      </Link>
      <Link to={postingFormUrl('jobhunt_prompt_report', { companyId }) as `/${string}`} className={styles.secondaryAction}>
        就活速報を書く
      </Link>
    </p>
  );
}

export default function CompanySelection({ loaderData }: Route.ComponentProps) {
  const { company, insight } = loaderData;
  const { flows, steps, questions, quick } = insight;
  const passSteps = steps.filter((step) => step.passes);
  const timingSteps = steps.filter((step) => step.days || step.channels);
  const nothing =
    flows.screening.reportCount + flows.intern.reportCount === 0 &&
    steps.length === 0 &&
    questions.groups.length === 0 &&
    quick.length === 0;
  const writeQuick = postingFormUrl('jobhunt_prompt_report', { companyId: company.id }) as `/${string}`;
  return (
    <main id="main" tabIndex={-1} className={styles.main}>
      <Breadcrumbs items={[{ label: 'トップ', to: '/' }, { label: company.name, to: `/companies/${company.id}` }, { label: '選考対策' }]} />
      <header className={styles.head}>
        <h1 className={styles.title}>{company.name}の選考対策</h1>
        <p className={styles.lead}>
          先輩の本選考体験記・インターン体験記・就活速報から、選考の流れ、面接で聞かれた質問、結果連絡の目安をまとめています。
          個人が特定されないよう、{MIN_REPORTS}件以上の報告がある数字だけを表示しています。
        </p>
      </header>

      {nothing && (
        <Card as="section" title="まだ集計できる報告がありません" titleAs="h2">
          <p className={styles.invite}>
            {company.name}
            の選考を受けた方は、体験記で選考ステップ・聞かれた質問・結果連絡を教えてください。あなたの報告が、次に受ける学生の準備になります。
          </p>
          <WriteLinks companyId={company.id} />
        </Card>
      )}

      {!nothing && (
        <div className={styles.sections}>
          <Card as="section" title="選考フロー" titleAs="h2">
            <FlowList title="本選考" flows={flows.screening} source="本選考体験記（内定・辞退まで）" />
            <FlowList title="インターン" flows={flows.intern} source="インターン体験記" />
            {passSteps.length > 0 && (
              <div className={styles.subsection}>
                <h3 className={styles.subtitle}>ステップごとの通過</h3>
                <p className={styles.note}>本選考体験記と就活速報のうち、結果がわかっている報告だけを数えています。</p>
                <table className={styles.table}>
                  <thead>
                    <tr>
                      <th scope="col">ステップ</th>
                      <th scope="col">通過</th>
                    </tr>
                  </thead>
                  <tbody>
                    {passSteps.map((step) => (
                      <tr key={step.step}>
                        <th scope="row">{step.label}</th>
                        <td>{`${step.passes!.known}件中${step.passes!.passed}件が通過`}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </Card>

          <Card as="section" title="面接で聞かれた質問" titleAs="h2">
            {questions.groups.length === 0 ? (
              <FewReports>{`質問の報告が${MIN_REPORTS}件以上の体験記に集まると、種類ごとに表示します。`}</FewReports>
            ) : (
              <>
                <Basis count={questions.reportCount} what="体験記" />
                <div className={styles.kinds}>
                  {questions.groups.map((group) => (
                    <section key={group.key} className={styles.kind} aria-labelledby={`kind-${group.key}`}>
                      <h3 id={`kind-${group.key}`} className={styles.subtitle}>
                        {group.label}
                        <span className={styles.kindCount}>{formatCount(group.count, '件')}</span>
                      </h3>
                      <ul className={styles.questions}>
                        {group.questions.map((question) => (
                          <li key={`${question.postId}-${question.text}`}>
                            <Link to={postPath(question.type, question.postId)} className={styles.question}>
                              {question.text}
                            </Link>
                            <span className={styles.questionMeta}>
                              {question.steps.map((step) => (
                                <span key={step} className={styles.stepTag}>
                                  {step}
                                </span>
                              ))}
                              {question.count > 1 && <span className={styles.times}>{`${question.count}回`}</span>}
                            </span>
                          </li>
                        ))}
                      </ul>
                      {group.count > shownCount(group.questions) && (
                        <p className={styles.note}>{`ほか${group.count - shownCount(group.questions)}件`}</p>
                      )}
                    </section>
                  ))}
                </div>
                <p className={styles.more}>
                  <Link to={`/interview_questions?company=${company.id}`}>他社の面接で聞かれた質問も探す</Link>
                </p>
              </>
            )}
          </Card>

          <Card as="section" title="結果連絡" titleAs="h2">
            {timingSteps.length === 0 ? (
              <FewReports>{`結果連絡の報告が${MIN_REPORTS}件以上あるステップはまだありません。`}</FewReports>
            ) : (
              <ul className={styles.timings}>
                {timingSteps.map((step) => (
                  <li key={step.step} className={styles.timing}>
                    <h3 className={styles.subtitle}>{step.label}</h3>
                    {step.days && (
                      <p className={styles.timingLine}>
                        結果まで<strong>{`中央値${step.days.median}日`}</strong>
                        {step.days.min === step.days.max ? `（全員${step.days.min}日）` : `（${step.days.min}〜${step.days.max}日）`}
                        <span className={styles.basisInline}>{`${step.days.count}件から`}</span>
                      </p>
                    )}
                    {step.channels && (
                      <p className={styles.timingLine}>
                        {step.channels.shares
                          .filter((share) => share.via !== 'silent')
                          .map((share) => `${share.label} ${share.percent}%`)
                          .join('・')}
                        <span className={styles.basisInline}>{`${step.channels.count}件から`}</span>
                        {step.channels.silentPercent > 0 && (
                          <span className={styles.silent}>{`サイレント（連絡なし）${step.channels.silentPercent}%`}</span>
                        )}
                      </p>
                    )}
                  </li>
                ))}
              </ul>
            )}
            <div className={styles.subsection}>
              <h3 className={styles.subtitle}>最新の就活速報（直近1年）</h3>
              {quick.length === 0 ? (
                <p className={styles.empty}>
                  直近1年の就活速報はまだありません。<Link to={writeQuick}>結果の連絡が来たら速報で教えてください</Link>
                </p>
              ) : (
                <ul className={styles.quick}>
                  {quick.map((line) => (
                    <li key={line.postId}>
                      <Link to={postPath(line.type, line.postId)}>
                        <time dateTime={line.date}>{line.when}</time>：{line.text}
                      </Link>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </Card>

          <WriteLinks companyId={company.id} />
        </div>
      )}
    </main>
  );
}
