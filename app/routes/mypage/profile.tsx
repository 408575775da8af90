import { privatePageHeaders } from '../../features/accounts/page-headers';
import { byRegion } from '../../features/companies/components/prefecture-options';
import { useEffect } from 'react';
import { data, useNavigation } from 'react-router';
import { IntentForm } from '../../features/accounts/components/intent-form';
import { getMyProfile } from '../../features/accounts/get-my-profile.server';
import { listFilterOptions } from '../../features/companies/list-filter-options.server';
import {
  GRADUATION_KIND_LABELS,
  GRADUATION_KINDS,
  graduationYearChoices,
  isProfilePath,
  matchConditionsSchema,
  profileSchema,
  safeReturnPath,
} from '../../features/accounts/schemas';
import { requireStudent } from '../../features/accounts/session-request.server';
import { updateMatchConditions } from '../../features/accounts/update-match-conditions.server';
import { updateProfile } from '../../features/accounts/update-profile.server';
import { LatestNotices } from '../../features/notifications/components/latest-notices';
import { listNotices } from '../../features/notifications/notices.server';
import { isPostPath } from '../../features/posts/post-types';
import { AppError } from '../../lib/app-error';
import { listValue, parseForm, textValue } from '../../lib/form';
import { privatePageMeta } from '../../lib/meta';
import { Button } from '../../ui/button';
import { buttonClassName } from '../../ui/button-class-name';
import { Card } from '../../ui/card';
import { Checkbox, CheckboxGroup } from '../../ui/checkbox';
import { Input } from '../../ui/input';
import { Link } from '../../ui/link';
import { Select } from '../../ui/select';
import { RadioGroup } from '../../ui/radio';
import { useSnackBar } from '../../ui/snack-bar';
import type { Route } from './+types/profile';
import { readStudentForm } from './student-form.server';
import styles from './mypage.module.css';
import { KEPT_FOR_SESSION } from '../../lib/shared-page';

export const headers = privatePageHeaders;
// Kept rendered for the session a few seconds (docs/decisions/072-session-pages-kept.md).
export const handle = KEPT_FOR_SESSION;

/**
 * The way back when the profile was asked for on another page (the notice after signing up from
 * an article, decision 048): a page of this site, named for what it is.
 */
function wayBack(raw: string | null): { path: `/${string}`; label: string } | null {
  const path = safeReturnPath(raw);
  if (!path || isProfilePath(path)) return null;
  return { path: path as `/${string}`, label: isPostPath(path) ? '記事に戻る' : '元のページに戻る' };
}

export async function loader({ request }: Route.LoaderArgs) {
  // The student's own data only: the id comes from the session, never from the request.
  const user = await requireStudent(request);
  const back = wayBack(new URL(request.url).searchParams.get('redirect_to'));
  const [profile, choices, notices] = await Promise.all([
    getMyProfile({ userId: user.id }),
    // The same industries and prefectures as the search filters, kept a minute per process.
    listFilterOptions(),
    listNotices({ userId: user.id, limit: 3, unreadOnly: true }),
  ]);
  if (!profile) throw new AppError('not_found');
  return { profile, choices, notices, graduationYears: graduationYearChoices(), back };
}

// Two forms on one page, told apart by their intent; each answers with its own result.
export async function action({ request }: Route.ActionArgs) {
  const { user, form, intent } = await readStudentForm(request);
  if (intent === 'profile') {
    const result = parseForm(profileSchema, form);
    if (!result.ok) return data({ intent: 'profile' as const, ...result }, { status: 400 });
    const { newBadgeKindIds } = await updateProfile({ userId: user.id, ...result.data });
    return data({ intent: 'profile' as const, ok: true as const, newBadges: newBadgeKindIds.length });
  }
  if (intent === 'conditions') {
    const result = parseForm(matchConditionsSchema, form);
    if (!result.ok) return data({ intent: 'conditions' as const, ...result }, { status: 400 });
    const { newBadgeKindIds } = await updateMatchConditions({ userId: user.id, ...result.data });
    return data({ intent: 'conditions' as const, ok: true as const, newBadges: newBadgeKindIds.length });
  }
  throw new AppError('invalid_request');
}

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta(matches, 'マイページ', 'プロフィールと希望条件を登録・変更できます。');
}

/** 「保存しました。」 beside the form that was just saved (the snack bar says it too). */
/** The years on offer, and the student's own year when it has passed (so a save does not drop it). */
function yearOptions(years: number[], current: number | null) {
  const all = current !== null && !years.includes(current) ? [current, ...years] : years;
  return all.map((year) => ({ value: String(year), label: `${year}年卒` }));
}

function SavedNote({ shown }: { shown: boolean }) {
  return shown ? (
    <p className={styles.saved} role="status">
      保存しました。
    </p>
  ) : null;
}

const SAVED_TEXT = { profile: 'プロフィールを保存しました', conditions: '希望条件を保存しました' } as const;

export default function ProfilePage({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, choices, notices, graduationYears, back } = loaderData;
  const navigation = useNavigation();
  const snackBar = useSnackBar();
  const submittingIntent = navigation.state === 'submitting' ? navigation.formData?.get('intent') : null;

  // Strings, not the object: a revalidation alone must not say 「保存しました」 again.
  const backPath = back?.path;
  const backLabel = back?.label;
  useEffect(() => {
    if (!actionData?.ok) return;
    // The message sits where the buttons may be: it offers the way back itself.
    snackBar.show(SAVED_TEXT[actionData.intent], backPath && backLabel ? { action: { label: backLabel, href: backPath } } : undefined);
    // 101 (a complete profile) and 102 (match conditions) are announced here, where they were
    // earned, not on the next page (issue 27).
    if (actionData.newBadges) void import('../../features/badges/badge-popup-queue').then((queue) => queue.requestBadgePopup());
  }, [actionData, snackBar, backPath, backLabel]);

  // What the student typed comes back after an error; otherwise what is saved.
  const profileResult = actionData?.intent === 'profile' ? actionData : undefined;
  const conditionResult = actionData?.intent === 'conditions' ? actionData : undefined;
  const profileValues = profileResult?.ok === false ? profileResult.values : undefined;
  const conditionValues = conditionResult?.ok === false ? conditionResult.values : undefined;
  const selectedIndustries = new Set(listValue(conditionValues, 'industryIds') ?? (conditionValues ? [] : profile.industryIds.map(String)));
  const selectedPrefectures = new Set(
    listValue(conditionValues, 'prefectureIds') ?? (conditionValues ? [] : profile.prefectureIds.map(String)),
  );

  return (
    <>
      {back && (
        <p className={styles.backLink}>
          <Link to={back.path}>{back.label}</Link>
        </p>
      )}
      <LatestNotices notices={notices.notices} more={notices.more} />
      {!profile.profileCompletedAt && (
        <div className={styles.callout} role="status">
          <p className={styles.calloutTitle}>会員登録が完了しました</p>
          <p>まずはプロフィールを入力しましょう。体験記を投稿したときに「2027年卒・経済学部」のように表示されます。</p>
          {back && <p>保存したら「{back.label}」から続きを読めます。</p>}
        </div>
      )}
      <Card as="section" title="プロフィール" titleAs="h2" className={styles.card}>
        <SavedNote shown={profileResult?.ok === true} />
        <IntentForm intent="profile" className={styles.form} schema={profileSchema} answer={profileResult}>
          <p className={styles.email}>メールアドレス: {profile.email}</p>
          <Input
            label="お名前"
            name="name"
            autoComplete="name"
            required
            maxLength={50}
            defaultValue={textValue(profileValues, 'name') ?? profile.name ?? ''}
          />
          <Input
            label="大学名"
            name="university"
            autoComplete="organization"
            required
            maxLength={80}
            placeholder="例: 東都大学"
            defaultValue={textValue(profileValues, 'university') ?? profile.university ?? ''}
          />
          <Input
            label="学部・学科"
            name="faculty"
            required
            maxLength={80}
            placeholder="例: 経済学部 経済学科"
            defaultValue={textValue(profileValues, 'faculty') ?? profile.faculty ?? ''}
          />
          <RadioGroup
            legend="区分"
            name="graduationKind"
            orientation="horizontal"
            options={GRADUATION_KINDS.map((kind) => ({ value: kind, label: GRADUATION_KIND_LABELS[kind] }))}
            defaultValue={textValue(profileValues, 'graduationKind') ?? profile.graduationKind}
          />
          <Select
            label="卒業年度（見込み）"
            name="graduationYear"
            hint="大学院生は修了の年度を選んでください。既卒の方は空欄のままで構いません。"
            placeholder="選択してください"
            options={yearOptions(graduationYears, profile.graduationYear)}
            defaultValue={
              textValue(profileValues, 'graduationYear') ?? (profile.graduationYear ? String(profile.graduationYear) : undefined)
            }
          />
          <div className={styles.actions}>
            <Button type="submit" disabledLabel="保存しています…" pending={submittingIntent === 'profile'}>
              プロフィールを保存する
            </Button>
            {/* Saved from the notice of another page: the way back, where the student just tapped. */}
            {back && profileResult?.ok === true && (
              <Link to={back.path} className={buttonClassName({ variant: 'secondary' })}>
                {back.label}
              </Link>
            )}
          </div>
        </IntentForm>
      </Card>

      <Card as="section" title="希望条件" titleAs="h2" className={styles.card}>
        <p className={styles.cardLead}>興味のある業界と勤務地を選ぶと、おすすめ企業に反映されます。いくつでも選べます。</p>
        <SavedNote shown={conditionResult?.ok === true} />
        <IntentForm intent="conditions" className={styles.form} schema={matchConditionsSchema} answer={conditionResult}>
          <CheckboxGroup legend="希望業界" orientation="horizontal" name="industryIds">
            {choices.industries.map((industry) => (
              <Checkbox
                key={industry.id}
                name="industryIds[]"
                value={String(industry.id)}
                label={industry.name}
                defaultChecked={selectedIndustries.has(String(industry.id))}
                className={styles.choice}
              />
            ))}
          </CheckboxGroup>
          <CheckboxGroup legend="希望勤務地" name="prefectureIds">
            {byRegion(choices.prefectures).map(({ region, prefectures }) => (
              <details key={region} className={styles.region} open={prefectures.some((p) => selectedPrefectures.has(String(p.id)))}>
                <summary className={styles.regionSummary}>
                  {region}
                  <span className={styles.regionCount}>
                    {prefectures.filter((p) => selectedPrefectures.has(String(p.id))).length || ''}
                  </span>
                </summary>
                <div className={styles.regionChoices}>
                  {prefectures.map((prefecture) => (
                    <Checkbox
                      key={prefecture.id}
                      name="prefectureIds[]"
                      value={String(prefecture.id)}
                      label={prefecture.name}
                      defaultChecked={selectedPrefectures.has(String(prefecture.id))}
                      className={styles.choice}
                    />
                  ))}
                </div>
              </details>
            ))}
          </CheckboxGroup>
          <div className={styles.actions}>
            <Button type="submit" disabledLabel="保存しています…" pending={submittingIntent === 'conditions'}>
              希望条件を保存する
            </Button>
          </div>
        </IntentForm>
      </Card>
    </>
  );
}
