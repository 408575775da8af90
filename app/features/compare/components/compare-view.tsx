import { useState, type ChangeEvent } from 'react';
import { buttonClassName } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { Select } from '../../../ui/select';
import { formatAxisValue } from '../chart-data';
import { resolveYearSeasonChoice, yearSeasonKey, type CompareData, type Score } from '../compare-data';
import { CompareChart } from './compare-chart';
import { CompareTable } from './compare-table';
import { NameText } from '../../../ui/name-text';
import styles from './compare-view.module.css';

type Company = { id: number; name: string };

/**
 * The year/season dropdown with the radar chart and the table it drives (docs/product/pages.md#year-and-season-dropdown). Everything comes with the page; choosing another year/season only redraws.
 */
export function CompareView({
  data,
  baseCompany,
  targetCompany,
  chartHeight,
}: {
  data: CompareData;
  baseCompany: Company;
  targetCompany: Company | null;
  chartHeight: number;
}) {
  const initialKey = data.currentYear !== null && data.currentSeason !== null ? yearSeasonKey(data.currentYear, data.currentSeason) : null;
  const [currentKey, setCurrentKey] = useState(initialKey);
  const entry = currentKey === null ? undefined : data.allData[currentKey];

  if (!entry || currentKey === null) {
    return <NoData baseCompany={baseCompany} targetCompany={targetCompany} />;
  }

  function onYearSeasonChange(event: ChangeEvent<HTMLSelectElement>) {
    // Only an option with a four-digit year, summer or winter and data behind it changes anything.
    const key = resolveYearSeasonChoice(event.target.value, data.allData);
    if (key !== null) setCurrentKey(key);
  }

  const options = Object.entries(data.allData).map(([key, item]) => ({ value: key, label: item.label }));
  const targetValues = targetCompany ? entry.targetInternExperienceEvaluateSet : null;

  return (
    <div className={styles.view}>
      <div className={styles.toolbar}>
        <Select
          id="compare-year-season"
          name="year_season"
          label="対象の時期"
          className={styles.period}
          value={currentKey}
          onChange={onYearSeasonChange}
          options={options}
        />
        <p className={styles.note}>公開中のインターン体験記の平均点（5点満点）です。</p>
      </div>

      <div className={styles.grid}>
        <Card as="section" title={`${entry.label}の評価チャート`} titleAs="h2">
          <ul className={styles.legend} aria-label="凡例">
            <li className={styles.legendBase}>
              <span className={styles.legendMark} aria-hidden="true" />
              <NameText>{baseCompany.name}</NameText>
            </li>
            {targetCompany && (
              <li className={styles.legendTarget}>
                <span className={styles.legendMark} aria-hidden="true" />
                <NameText>{targetCompany.name}</NameText>
              </li>
            )}
          </ul>
          <CompareChart
            height={chartHeight}
            categoryLabels={data.categoryLabels}
            baseName={baseCompany.name}
            baseValues={entry.internExperienceEvaluateSet}
            targetName={targetCompany?.name ?? null}
            targetValues={targetValues}
            description={describeChart(
              entry.label,
              data.categoryLabels,
              baseCompany.name,
              entry.internExperienceEvaluateSet,
              targetCompany?.name ?? null,
              targetValues,
            )}
          />
          {targetCompany && <p className={styles.axisNote}>項目名の横の数値は{targetCompany.name}の平均点です。</p>}
        </Card>

        <Card as="section" title={`${entry.label}の項目別の平均点`} titleAs="h2">
          <CompareTable entry={entry} baseCompany={baseCompany} targetCompany={targetCompany} />
        </Card>
      </div>
    </div>
  );
}

function describeChart(
  period: string,
  labels: string[],
  baseName: string,
  baseValues: Score[],
  targetName: string | null,
  targetValues: Score[] | null,
): string {
  const series = (name: string, values: Score[]) =>
    `${name}：${labels.map((label, index) => `${label} ${formatAxisValue(values[index])}`).join('、')}`;
  const parts = [`${period}のインターン評価のレーダーチャート（5点満点）。`, series(baseName, baseValues)];
  if (targetName !== null && targetValues !== null) parts.push(`。${series(targetName, targetValues)}`);
  return parts.join('');
}

function NoData({ baseCompany, targetCompany }: { baseCompany: Company; targetCompany: Company | null }) {
  const subject = targetCompany ? `${baseCompany.name}と${targetCompany.name}` : baseCompany.name;
  return (
    <Card as="section" title="比較できる評価がまだありません" titleAs="h2" className={styles.noData}>
      <p className={styles.noDataText}>
        {subject}
        には、公開中のインターン体験記がまだありません。別の企業と比較するか、インターンに参加したことがあれば体験記を投稿してみませんか。
      </p>
      <p className={styles.noDataAction}>
        <a href="/intern_experiences/select_company" className={buttonClassName({ variant: 'secondary' })}>
          インターン体験記を投稿する
        </a>
      </p>
    </Card>
  );
}
