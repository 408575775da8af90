// What a posting form's page needs (docs/decisions/025-posting.md): its content type from the
// URL, its subject, the draft it continues, the one-tap company choices, and the student's other
// drafts of the type.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { db } from '../../db/client.server';
import { companies, recruitServices } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { parseId } from '../../lib/http';
import { POSTING_ROUTES } from '../posts/posting-routes';
import type { CompanyChoice } from '../search/company-choice';
import { listCompanyChoices } from './company-choices.server';
import { findDraft, getDraftForEditing, type Subject } from './drafts.server';
import { listMyPosts, type MyPost } from './my-posts.server';
import { postingFormUrl, WRITABLE_TYPES, type WritableType } from './writable-types';

/** The content type of a new-post form's URL, or where to go first (the subject's chooser). */
export function formTypeOf(url: URL): { type: WritableType; subject: Subject } | { redirect: string } {
  // React Router matches /Word_Mouths/new/ too: compare the path as the table writes it.
  const path = url.pathname.replace(/\/+$/, '').toLowerCase();
  const forms = WRITABLE_TYPES.filter((candidate) => POSTING_ROUTES[candidate].form === path);
  if (forms.length === 0) throw new AppError('not_found', { detail: `${url.pathname} is no posting form` });
  const type = forms.find((candidate) =>
    Object.entries(POSTING_ROUTES[candidate].query ?? {}).every(([name, value]) => url.searchParams.get(name) === value),
  );
  if (!type) {
    // /entry_sheets/new without a valid selection_type: the intern ES, keeping the rest.
    const params = new URLSearchParams(url.searchParams);
    params.set('selection_type', 'intern');
    return { redirect: `${POSTING_ROUTES.intern_entry_sheet.form}?${params}` };
  }
  const companyId = parseId(url.searchParams.get('company_id'));
  const recruitServiceId = parseId(url.searchParams.get('recruit_service_id'));
  const chooser = POSTING_ROUTES[type].chooser;
  const missing = type === 'recruit_service_review' ? recruitServiceId === null : chooser !== undefined && companyId === null;
  if (missing && chooser) {
    const keep = new URLSearchParams([...url.searchParams].filter(([name]) => name.startsWith('utm_')));
    return { redirect: keep.size > 0 ? `${chooser}?${keep}` : chooser };
  }
  return {
    type,
    subject: type === 'recruit_service_review' ? { companyId: null, recruitServiceId } : { companyId, recruitServiceId: null },
  };
}

export type PostFormPage = {
  type: WritableType;
  mode: 'new' | 'edit';
  /** The post is in review: nothing to edit until it is decided. */
  inReview: boolean;
  userId: number;
  /** The slot of the browser's copy of a new form, before its post exists. */
  newSlot: string;
  draft: {
    postId: number | null;
    draftKey: string;
    lockVersion: number;
    content: Record<string, unknown>;
    savedAt: string | null;
    lastSaveId: string | null;
  };
  company: { id: number; name: string } | null;
  service: { id: number; name: string } | null;
  subjectFixed: boolean;
  companyChoices: CompanyChoice[];
  /** The student's other drafts of this type, to continue instead. */
  otherDrafts: Array<Pick<MyPost, 'postId' | 'title' | 'subjectName' | 'changedAt'>>;
  /** Where this form was reached from, kept for links (utm_* parameters). */
  formUrl: string;
  /** Why a moderator sent the post back, shown above the form while it is revised. */
  rejection: MyPost['rejection'];
};

async function subjectNames(subject: Subject) {
  const [company] = subject.companyId
    ? await db().select({ id: companies.id, name: companies.name }).from(companies).where(eq(companies.id, subject.companyId))
    : [];
  const [service] = subject.recruitServiceId
    ? await db()
        .select({ id: recruitServices.id, name: recruitServices.name })
        .from(recruitServices)
        .where(and(eq(recruitServices.id, subject.recruitServiceId)))
    : [];
  return { company: company ?? null, service: service ?? null };
}

/** The page of a new post's form. Throws company_not_found for a company_id that does not exist. */
export async function loadNewPostForm(options: { userId: number; type: WritableType; subject: Subject; url: URL }): Promise<PostFormPage> {
  const { userId, type, subject } = options;
  const names = await subjectNames(subject);
  if (subject.companyId !== null && !names.company) throw new AppError('company_not_found');
  if (subject.recruitServiceId !== null && !names.service) throw new AppError('recruit_service_not_found');
  const [draft, companyChoices, mine] = await Promise.all([
    findDraft({ userId, type, subject }),
    type === 'recruit_service_review' ? Promise.resolve([]) : listCompanyChoices({ userId }),
    listMyPosts({ userId, draftsOf: type, limit: 6 }),
  ]);
  return {
    type,
    mode: 'new',
    inReview: false,
    userId,
    newSlot: `new:${type}:${subject.companyId ?? subject.recruitServiceId ?? '-'}`,
    draft: draft
      ? {
          postId: draft.postId,
          draftKey: draft.draftKey ?? randomUUID(),
          lockVersion: draft.lockVersion,
          content: draft.content,
          savedAt: draft.savedAt,
          lastSaveId: draft.lastSaveId,
        }
      : { postId: null, draftKey: randomUUID(), lockVersion: 0, content: {}, savedAt: null, lastSaveId: null },
    ...names,
    subjectFixed: false,
    companyChoices,
    otherDrafts: mine
      .filter((post) => post.postId !== draft?.postId)
      .slice(0, 5)
      .map(({ postId, title, subjectName, changedAt }) => ({ postId, title, subjectName, changedAt })),
    formUrl: postingFormUrl(type, { ...subject, keep: options.url.searchParams }),
    rejection: null,
  };
}

/** What every page that edits a post (`state.postId`) says of itself. */
function editing(state: { type: PostFormPage['type']; postId: number }, userId: number, inReview: boolean) {
  return {
    type: state.type,
    mode: 'edit' as const,
    inReview,
    userId,
    newSlot: `edit:${state.postId}`,
    otherDrafts: [],
    formUrl: `/mypage/posts/${state.postId}/edit`,
  };
}

/** The page that edits the student's own post: a draft, a rejected post, or a published one. */
export async function loadEditPostForm(options: { userId: number; postId: number }): Promise<PostFormPage> {
  const state = await getDraftForEditing(options);
  if (!state.editable) {
    return {
      ...editing(state, options.userId, true),
      draft: { postId: state.postId, draftKey: randomUUID(), lockVersion: 0, content: {}, savedAt: null, lastSaveId: null },
      company: null,
      service: null,
      subjectFixed: true,
      companyChoices: [],
      rejection: null,
    };
  }
  const names = await subjectNames(state.subject);
  const [companyChoices, [post]] = await Promise.all([
    state.type === 'recruit_service_review' ? Promise.resolve([]) : listCompanyChoices({ userId: options.userId }),
    listMyPosts({ userId: options.userId, postId: state.postId }),
  ]);
  return {
    ...editing(state, options.userId, false),
    draft: {
      postId: state.postId,
      draftKey: state.draftKey ?? randomUUID(),
      lockVersion: state.lockVersion,
      content: state.content,
      savedAt: state.savedAt,
      lastSaveId: state.lastSaveId,
    },
    ...names,
    // Once sent, the company (or service) stays: a wrong one is a reason to reject, not to move.
    subjectFixed: post !== undefined && post.state !== 'draft',
    companyChoices,
    rejection: post?.rejection ?? null,
  };
}
