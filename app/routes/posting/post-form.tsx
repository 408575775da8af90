import { privatePageHeaders } from '../../features/accounts/page-headers';
import { data, isRouteErrorResponse, redirect, useNavigation, type ShouldRevalidateFunctionArgs } from 'react-router';
import { requireStudent } from '../../features/accounts/session-request.server';
import { PostForm } from '../../features/posting/components/post-form';
import { OFFLINE_SEND_MESSAGE } from '../../features/posting/components/use-post-submit';
import { ownPostType } from '../../features/posting/drafts.server';
import { submitPost } from '../../features/posting/submit-post.server';
import { contentOf, postFormSchema } from '../../features/posting/post-form-schema';
import { formTypeOf, loadEditPostForm, loadNewPostForm } from '../../features/posting/posting-page.server';
import { POST_TYPES } from '../../features/posts/post-types';
import { REJECTION_REASON_LABELS } from '../../features/posts/labels';
import { AppError, type FormErrors } from '../../lib/app-error';
import { formValues, parseForm } from '../../lib/form';
import { readFormData } from '../../lib/form-data.server';
import { formatDate } from '../../lib/format';
import { parseId } from '../../lib/http';
import { privatePageMeta } from '../../lib/meta';
import { Breadcrumbs } from '../../ui/breadcrumbs';
import { Link } from '../../ui/link';
import type { Route } from './+types/post-form';
import styles from './posting.module.css';

// Every posting form (docs/product/pages.md#posting-pages): /entry_sheets/new?selection_type=…,
// /intern_experiences/new, /screening_experiences/new, /word_mouths/new, /company_studies/new,
// /recruit_service_reviews/new, /jobhunt_prompt_reports/new, and /mypage/posts/{id}/edit for the
// student's own post. The content type comes from the URL (or the post); the draft is autosaved
// by the page, and sending it is this action (docs/decisions/025-posting.md).

export const headers = privatePageHeaders;

async function loadPage(request: Request, params: Route.LoaderArgs['params']) {
  const user = await requireStudent(request);
  if ('postId' in params && params.postId !== undefined) {
    const postId = parseId(params.postId);
    if (postId === null) throw new AppError('not_found');
    return { user, page: await loadEditPostForm({ userId: user.id, postId }) };
  }
  const url = new URL(request.url);
  const target = formTypeOf(url);
  if ('redirect' in target) throw redirect(target.redirect);
  return { user, page: await loadNewPostForm({ userId: user.id, type: target.type, subject: target.subject, url }) };
}

export async function loader({ request, params }: Route.LoaderArgs) {
  return (await loadPage(request, params)).page;
}

/** After a refused submit the page stays as typed: no reload that could remount the form. */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (actionResult && typeof actionResult === 'object' && 'ok' in actionResult && actionResult.ok === false) return false;
  return defaultShouldRevalidate;
}

function toId(value: unknown): number | null {
  return parseId(typeof value === 'string' ? value : null);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What a submission needs of the URL: the student, the content type and, on the edit page, the
 * post (not the page's draft, choices and lists: submitPost checks the rest).
 */
async function submissionTarget(request: Request, params: Route.ActionArgs['params']) {
  const user = await requireStudent(request);
  if ('postId' in params && params.postId !== undefined) {
    const postId = parseId(params.postId);
    if (postId === null) throw new AppError('not_found');
    return { user, type: await ownPostType({ userId: user.id, postId }), postId };
  }
  const target = formTypeOf(new URL(request.url));
  if ('redirect' in target) throw redirect(target.redirect);
  return { user, type: target.type, postId: null };
}

/**
 * What submitPost refuses is said in the form, with everything typed kept (decision 056): its
 * checks by field, a subject deleted meanwhile beside its picker, another tab's newer save above
 * the form (the page then offers to load it).
 */
export const formErrors: FormErrors = {
  validation_failed: {},
  company_not_found: { field: 'companyId', as: 'chosen_company_not_found' },
  recruit_service_not_found: { field: 'recruitServiceId', as: 'chosen_service_not_found' },
  stale_revision: {},
};

export async function action({ request, params }: Route.ActionArgs) {
  const target = await submissionTarget(request, params);
  const values = formValues(await readFormData(request));
  const checked = parseForm(postFormSchema(target.type), values);
  if (!checked.ok) return data(checked, { status: 400 });
  const result = await submitPost({
    userId: target.user.id,
    type: target.type,
    // The draft this form saved (its own hidden field, checked for the owner), never another
    // draft the URL would find: two tabs may hold two drafts. The edit page's post is its URL's.
    postId: target.postId ?? toId(values.postId),
    draftKey: typeof values.draftKey === 'string' && UUID.test(values.draftKey) ? values.draftKey : null,
    lockVersion: typeof values.lockVersion === 'string' && /^\d{1,9}$/.test(values.lockVersion) ? Number(values.lockVersion) : null,
    subject: { companyId: toId(values.companyId), recruitServiceId: toId(values.recruitServiceId) },
    content: contentOf(values),
  });
  return redirect(`/mypage/posts?submitted=${result.postId}`);
}

/** The Japanese message of an AppError answer ({ error: { message } }), if it carries one. */
function errorMessage(error: unknown): string | undefined {
  if (!isRouteErrorResponse(error)) return undefined;
  const body = error.data as { error?: { message?: unknown } } | string | null;
  if (typeof body === 'string') {
    try {
      return errorMessage({ ...error, data: JSON.parse(body) });
    } catch {
      return undefined;
    }
  }
  return typeof body?.error?.message === 'string' ? body.error.message : undefined;
}

/**
 * A submission that does not reach the action (no connection, the server down, an error page
 * from a proxy) keeps the form on screen with what was typed and says so beside the button,
 * instead of replacing the page with the error page (issue 27). The action's own answers and its
 * redirect go through unchanged.
 */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  try {
    return await serverAction();
  } catch (error) {
    if (error instanceof Response) throw error;
    const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
    const status = isRouteErrorResponse(error) ? error.status : 0;
    const message = offline
      ? OFFLINE_SEND_MESSAGE
      : status >= 400 && status < 500
        ? (errorMessage(error) ?? '送信できませんでした。ページを開き直してから、もう一度送信してください。')
        : '送信できませんでした。通信状態を確かめて、もう一度送信してください。入力はこの端末に保存されています。';
    return { ok: false as const, errors: undefined, values: undefined, unsent: { offline, message } };
  }
}

function headingOf(page: Route.ComponentProps['loaderData']): string {
  const label = POST_TYPES[page.type].label;
  return page.mode === 'edit' ? `${label}を編集` : `${label}を書く`;
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const title = loaderData ? headingOf(loaderData) : '投稿する';
  return privatePageMeta(matches, title, '就活の体験を投稿して、後輩の就活に役立てましょう。');
}

export default function PostFormPage({ loaderData, actionData }: Route.ComponentProps) {
  const page = loaderData;
  const navigation = useNavigation();
  const heading = headingOf(page);
  return (
    <main id="main" tabIndex={-1} className={styles.main}>
      <div className={styles.inner}>
        <Breadcrumbs
          items={[
            { label: 'トップ', to: '/' },
            { label: 'マイページ', to: '/mypage' },
            { label: '投稿一覧', to: '/mypage/posts' },
            { label: heading },
          ]}
        />
        <h1 className={styles.title}>{heading}</h1>
        {page.inReview ? (
          <div className={styles.panel}>
            <p>この投稿は審査中です。審査が終わるまで編集できません。</p>
            <p>
              <Link to="/mypage/posts">投稿一覧に戻る</Link>
            </p>
          </div>
        ) : (
          <>
            <p className={styles.lead}>入力した内容は自動で下書き保存されます。途中で閉じても、続きから書けます。</p>
            {page.mode === 'edit' && page.subjectFixed && !page.rejection && (
              <p className={styles.panel}>
                公開中の投稿を修正しています。修正は審査のあとに反映され、それまでは今の内容が公開されたままです。
              </p>
            )}
            {page.rejection && (
              <div className={styles.rejection} role="note">
                <p className={styles.rejectionTitle}>
                  この投稿は非承認になりました（理由：{REJECTION_REASON_LABELS[page.rejection.reason]}）
                </p>
                {page.rejection.note && <p className={styles.rejectionNote}>{page.rejection.note}</p>}
                <p>内容を直して、もう一度送信してください。</p>
              </div>
            )}
            {page.otherDrafts.length > 0 && (
              <div className={styles.panel}>
                <p className={styles.panelTitle}>書きかけの下書きがあります</p>
                <ul className={styles.drafts}>
                  {page.otherDrafts.map((item) => (
                    <li key={item.postId}>
                      <Link to={`/mypage/posts/${item.postId}/edit`}>
                        {item.title || '（タイトル未入力）'}
                        {item.subjectName ? `（${item.subjectName}）` : ''}
                      </Link>
                      <span className={styles.muted}> {formatDate(item.changedAt)}保存</span>
                    </li>
                  ))}
                </ul>
              </div>
            )}
            <PostForm
              key={`${page.newSlot}:${page.draft.postId ?? page.draft.draftKey}`}
              type={page.type}
              userId={page.userId}
              newSlot={page.newSlot}
              draft={{ ...page.draft, content: actionData?.values ?? page.draft.content }}
              company={page.company}
              service={page.service}
              subjectFixed={page.subjectFixed}
              companyChoices={page.companyChoices}
              serverErrors={actionData?.errors}
              answer={actionData}
              submitting={navigation.state === 'submitting'}
              submitLabel={page.mode === 'edit' && page.rejection ? '修正して再送信する' : '審査に送信する'}
            />
          </>
        )}
      </div>
    </main>
  );
}
