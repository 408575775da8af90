import { useEffect } from 'react';
import { data, Form, useNavigation } from 'react-router';
import { Link } from '../ui/link';
import { CsrfField } from '../features/accounts/components/csrf-field';
import { getMyProfile, listMatchConditionChoices } from '../features/accounts/get-my-profile.server';
import { fieldErrors, graduationYearChoices, matchConditionsSchema, profileSchema } from '../features/accounts/schemas';
import { requireStudent } from '../features/accounts/session-request.server';
import { updateMatchConditions } from '../features/accounts/update-match-conditions.server';
import { updateProfile } from '../features/accounts/update-profile.server';
import { pageMeta } from '../lib/meta';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { FavoriteButton } from '../features/favorites/components/favorite-button';
import { listFavorites } from '../features/favorites/list-favorites.server';
import { formatDate } from '../lib/format';
import { Checkbox, CheckboxGroup } from '../ui/checkbox';
import { Input } from '../ui/input';
import { Select } from '../ui/select';
import { useSnackBar } from '../ui/snack-bar';
import type { Route } from './+types/mypage';
import styles from './mypage.module.css';
import { readFormData } from '../lib/form-data.server';

export function headers() {
  return { 'Cache-Control': 'private, no-store' };
}

export async function loader({ request }: Route.LoaderArgs) {
  // The student's own data only: the id comes from the session, never from the request.
  const user = await requireStudent(request);
  const [profile, choices, favorites] = await Promise.all([
    getMyProfile({ userId: user.id }),
    listMatchConditionChoices(),
    listFavorites({ userId: user.id }),
  ]);
  if (!profile) throw new Response('Not Found', { status: 404 });
  return { profile, choices, favorites, graduationYears: graduationYearChoices() };
}

type ActionResult = {
  intent: 'profile' | 'conditions';
  saved: boolean;
  errors: Partial<Record<string, string>>;
  values: Record<string, string | string[]>;
};

export async function action({ request }: Route.ActionArgs) {
  const user = await requireStudent(request);
  const form = await readFormData(request);
  const intent = form.get('intent');
  if (intent === 'profile') {
    const values = {
      name: String(form.get('name') ?? ''),
      university: String(form.get('university') ?? ''),
      faculty: String(form.get('faculty') ?? ''),
      graduationYear: String(form.get('graduationYear') ?? ''),
    };
    const parsed = profileSchema.safeParse(values);
    if (!parsed.success) {
      return data<ActionResult>({ intent, saved: false, errors: fieldErrors(parsed.error), values }, { status: 400 });
    }
    await updateProfile({ userId: user.id, ...parsed.data });
    return data<ActionResult>({ intent, saved: true, errors: {}, values });
  }
  if (intent === 'conditions') {
    const values = { industryIds: form.getAll('industryIds').map(String), prefectureIds: form.getAll('prefectureIds').map(String) };
    const parsed = matchConditionsSchema.safeParse(values);
    if (!parsed.success) {
      return data<ActionResult>({ intent, saved: false, errors: fieldErrors(parsed.error), values }, { status: 400 });
    }
    await updateMatchConditions({ userId: user.id, ...parsed.data });
    return data<ActionResult>({ intent, saved: true, errors: {}, values });
  }
  throw new Response('Bad Request', { status: 400 });
}

export function meta() {
  return pageMeta({ title: 'マイページ', description: 'プロフィールと希望条件を登録・変更できます。', noindex: true });
}

const SAVED_TEXT = { profile: 'プロフィールを保存しました', conditions: '希望条件を保存しました' } as const;

export default function MyPage({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, choices, graduationYears } = loaderData;
  const navigation = useNavigation();
  const snackBar = useSnackBar();
  const submittingIntent = navigation.state === 'submitting' ? navigation.formData?.get('intent') : null;
  const result = actionData as ActionResult | undefined;

  useEffect(() => {
    if (result?.saved) snackBar.show(SAVED_TEXT[result.intent]);
  }, [result, snackBar]);

  const profileErrors = result?.intent === 'profile' ? result.errors : {};
  const profileValues = result?.intent === 'profile' && !result.saved ? (result.values as Record<string, string>) : null;
  const conditionValues = result?.intent === 'conditions' && !result.saved ? result.values : null;
  const conditionErrors = result?.intent === 'conditions' ? result.errors : {};
  const selectedIndustries = new Set((conditionValues?.industryIds as string[] | undefined) ?? profile.industryIds.map(String));
  const selectedPrefectures = new Set((conditionValues?.prefectureIds as string[] | undefined) ?? profile.prefectureIds.map(String));
  const regions = [...new Set(choices.prefectures.map((p) => p.region))];

  return (
    <main className={styles.main}>
      <div className={styles.inner}>
        <h1 className={styles.title}>マイページ</h1>
        <p className={styles.greeting}>{profile.name ? `${profile.name}さん、こんにちは。` : 'ようこそ、シューログへ。'}</p>

        {!profile.profileCompletedAt && (
          <div className={styles.callout} role="status">
            <p className={styles.calloutTitle}>会員登録が完了しました</p>
            <p>まずはプロフィールを入力しましょう。体験記を投稿したときに「2027年卒・経済学部」のように表示されます。</p>
          </div>
        )}

        <Card as="section" title="プロフィール" titleAs="h2" className={styles.card}>
          {result?.intent === 'profile' && result.saved && (
            <p className={styles.saved} role="status">
              保存しました。
            </p>
          )}
          <Form method="post" className={styles.form} noValidate>
            <CsrfField />
            <input type="hidden" name="intent" value="profile" />
            <p className={styles.email}>メールアドレス: {profile.email}</p>
            <Input
              label="お名前"
              name="name"
              autoComplete="name"
              required
              maxLength={50}
              defaultValue={profileValues?.name ?? profile.name ?? ''}
              error={profileErrors.name}
            />
            <Input
              label="大学名"
              name="university"
              autoComplete="organization"
              required
              maxLength={80}
              placeholder="例: 東都大学"
              defaultValue={profileValues?.university ?? profile.university ?? ''}
              error={profileErrors.university}
            />
            <Input
              label="学部・学科"
              name="faculty"
              required
              maxLength={80}
              placeholder="例: 経済学部 経済学科"
              defaultValue={profileValues?.faculty ?? profile.faculty ?? ''}
              error={profileErrors.faculty}
            />
            <Select
              label="卒業年度"
              name="graduationYear"
              required
              placeholder="選択してください"
              options={graduationYears.map((year) => ({ value: String(year), label: `${year}年卒` }))}
              defaultValue={profileValues?.graduationYear ?? (profile.graduationYear ? String(profile.graduationYear) : undefined)}
              error={profileErrors.graduationYear}
            />
            <div className={styles.actions}>
              <Button type="submit" disabledLabel="保存しています…" pending={submittingIntent === 'profile'}>
                プロフィールを保存する
              </Button>
            </div>
          </Form>
        </Card>

        <Card as="section" title="希望条件" titleAs="h2" className={styles.card}>
          <p className={styles.cardLead}>興味のある業界と勤務地を選ぶと、おすすめ企業に反映されます。いくつでも選べます。</p>
          {result?.intent === 'conditions' && result.saved && (
            <p className={styles.saved} role="status">
              保存しました。
            </p>
          )}
          <Form method="post" className={styles.form} noValidate>
            <CsrfField />
            <input type="hidden" name="intent" value="conditions" />
            <CheckboxGroup legend="希望業界" orientation="horizontal" error={conditionErrors.industryIds}>
              {choices.industries.map((industry) => (
                <Checkbox
                  key={industry.id}
                  name="industryIds"
                  value={String(industry.id)}
                  label={industry.name}
                  defaultChecked={selectedIndustries.has(String(industry.id))}
                  className={styles.choice}
                />
              ))}
            </CheckboxGroup>
            <CheckboxGroup legend="希望勤務地" error={conditionErrors.prefectureIds}>
              {regions.map((region) => (
                <details key={region} className={styles.region} open={choices.prefectures.some((p) => p.region === region && selectedPrefectures.has(String(p.id)))}>
                  <summary className={styles.regionSummary}>
                    {region}
                    <span className={styles.regionCount}>
                      {choices.prefectures.filter((p) => p.region === region && selectedPrefectures.has(String(p.id))).length || ''}
                    </span>
                  </summary>
                  <div className={styles.regionChoices}>
                    {choices.prefectures
                      .filter((p) => p.region === region)
                      .map((prefecture) => (
                        <Checkbox
                          key={prefecture.id}
                          name="prefectureIds"
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
          </Form>
        </Card>

        <Card as="section" title={`お気に入り企業（${loaderData.favorites.length}社）`} titleAs="h2" className={styles.card}>
          {loaderData.favorites.length === 0 ? (
            <p className={styles.favoritesEmpty}>
              まだお気に入りの企業はありません。<Link to="/companies">企業を探す</Link>から、気になる企業をお気に入り登録しましょう。
            </p>
          ) : (
            <ul className={styles.favorites}>
              {loaderData.favorites.map((favorite) => (
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
      </div>
    </main>
  );
}
