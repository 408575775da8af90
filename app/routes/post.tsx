import { Link } from '../ui/link';
import { JoinInvitation } from '../features/accounts/components/join-invitation';
import { PostFacts } from '../features/posts/components/post-facts';
import { canReadFullText, visibleSections } from '../features/posts/full-text-access';
import { getViewer, requireStudent } from '../features/accounts/session-request.server';
import { ReportPost, type ReportResult } from '../features/moderation/components/report-post';
import { ReactionButtons } from '../features/post-reactions/components/reaction-buttons';
import { reportPost } from '../features/moderation/reports.server';
import { reportSchema } from '../features/moderation/schemas';
import { AppError, type FormErrors } from '../lib/app-error';
import { readForm } from '../lib/form-data.server';
import { data } from 'react-router';
import { getPost } from '../features/posts/get-post.server';
import { POST_TYPES, postTypeBySlug } from '../features/posts/post-types';
import { excerpt } from '../lib/format';
import { parseId } from '../lib/http';
import { SHARED_PAGE_BY_AUDIENCE } from '../lib/shared-page';
import { originFromMatches, pageMeta } from '../lib/meta';
import { Breadcrumbs, type Crumb } from '../ui/breadcrumbs';
import { postGraduationLabel } from '../features/accounts/schemas';
import { NameText } from '../ui/name-text';
import { KeepWords } from '../ui/keep-words';
import type { Route } from './+types/post';
import styles from './post.module.css';
import { DateText } from '../ui/date-text';

/**
 * The same page for every member and for every visitor (docs/decisions/030-shared-pages.md): the
 * server caches it once per audience, and the first-view badges 201–208 come with the personal
 * call (app/features/personal).
 */
export const handle = SHARED_PAGE_BY_AUDIENCE;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  // One module serves /{type}/{id} for every content type (app/routes.ts).
  const slug = new URL(request.url).pathname.split('/')[1] ?? '';
  const info = postTypeBySlug(slug);
  const postId = parseId(params.postId);
  const post = info && postId !== null ? await getPost({ postId, type: info.key }) : null;
  if (!post) throw new AppError('not_found');
  // Members read in full. On the shared lane the server says whom the page is for; a page
  // rendered for the session (the answer to a report sent without JavaScript) asks the session.
  const fullText = context.sharedPage ? context.audience === 'member' : canReadFullText(await getViewer(request));
  const sections = visibleSections(post.sections, fullText);
  return {
    post: { ...post, sections },
    truncated: sections.some((section) => section.truncated),
    description: excerpt(post.sections[0]?.body ?? '', 110),
  };
}

/**
 * A report of one's own post, or of a post taken down meanwhile, is said in the report form
 * (decision 056).
 */
export const formErrors: FormErrors = { own_post_report: {}, post_not_found: {} };

/** 「問題を報告」: a student's report of this post (docs/decisions/026-moderation.md). */
export async function action({ params, request }: Route.ActionArgs) {
  const user = await requireStudent(request);
  const postId = parseId(params.postId);
  if (postId === null) throw new AppError('not_found');
  const result = await readForm(request, reportSchema);
  if (!result.ok) return data<ReportResult>(result, { status: 400 });
  const { created } = await reportPost({ userId: user.id, postId, ...result.data });
  return data<ReportResult>({ intent: 'report', ok: true, created });
}

export function meta({ data, matches }: Route.MetaArgs) {
  if (!data) return [];
  const { post } = data;
  const subject = post.company?.name ?? post.recruitService?.name ?? '';
  return pageMeta({
    title: `${post.title}（${subject}の${POST_TYPES[post.type].label}）`,
    description: data.description,
    path: `/${POST_TYPES[post.type].slug}/${post.id}`,
    origin: originFromMatches(matches),
    type: 'article',
  });
}

function authorLine(post: Route.ComponentProps['loaderData']['post']): string {
  if (post.type === 'employee_word_mouth') return '社員・元社員のクチコミ';
  if (!post.author) return '退会したユーザー';
  const parts = [postGraduationLabel(post.graduationYear, post.author), post.author.faculty];
  return parts.filter(Boolean).join('・') || '学生会員';
}

export default function PostPage({ loaderData, actionData }: Route.ComponentProps) {
  const { post, truncated } = loaderData;
  const info = POST_TYPES[post.type];
  const returnTo = `/${info.slug}/${post.id}`;
  return (
    <main id="main" tabIndex={-1} className={styles.main}>
      <Breadcrumbs
        items={[
          { label: 'トップ', to: '/' },
          ...(post.company
            ? ([
                { label: post.company.name, to: `/companies/${post.company.id}` },
                { label: info.label, to: `/companies/${post.company.id}/${info.slug}` },
              ] satisfies Crumb[])
            : []),
          ...(post.recruitService
            ? ([
                { label: '就活サービス', to: '/recruit_services' },
                { label: post.recruitService.name, to: `/recruit_services/${post.recruitService.id}` },
              ] satisfies Crumb[])
            : []),
          { label: post.title },
        ]}
      />

      <article className={styles.article}>
        <header className={styles.header}>
          <p className={styles.kind}>
            <span className={styles.typeTag}>{info.label}</span>
            {post.company && (
              <Link to={`/companies/${post.company.id}`}>
                <NameText>{post.company.name}</NameText>
              </Link>
            )}
            {post.recruitService && <Link to={`/recruit_services/${post.recruitService.id}`}>{post.recruitService.name}</Link>}
          </p>
          <h1 className={styles.title}>
            <KeepWords>{post.title}</KeepWords>
          </h1>
          <p className={styles.meta}>
            <span>{authorLine(post)}</span>
            <DateText value={post.publishedAt} suffix=" 公開" />
          </p>
          <ReactionButtons postId={post.id} postTitle={post.title} usefulCount={post.usefulCount} />
        </header>

        <PostFacts facts={post.facts} />

        <div className={styles.body}>
          {post.sections.map((section, index) => (
            // #q1, #q2…: the ES search links to the question that matched.
            <section key={index} id={`q${index + 1}`} className={styles.section}>
              <h2 className={styles.heading}>
                {section.heading}
                {section.limit ? <span className={styles.limit}>（{section.limit}字以内）</span> : null}
              </h2>
              <p className={section.truncated ? styles.textCut : styles.text}>
                {section.body}
                {section.truncated && '…'}
              </p>
            </section>
          ))}
        </div>

        {truncated && (
          <JoinInvitation
            id="gate-title"
            title="続きは会員登録（無料）で読めます"
            signupLabel="無料で会員登録する"
            returnTo={returnTo}
            layout="gate"
          >
            会員になると、すべての体験記・ES・クチコミを全文で読めるほか、お気に入り企業の登録やインターン評価の比較ができます。
          </JoinInvitation>
        )}
        <footer className={styles.reactions}>
          <p className={styles.reactionsText}>この{info.label}は参考になりましたか？</p>
          <ReactionButtons postId={post.id} postTitle={post.title} usefulCount={post.usefulCount} />
        </footer>
        <ReportPost returnTo={returnTo} result={actionData} />
      </article>
    </main>
  );
}
