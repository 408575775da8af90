// @vitest-environment jsdom
// The queue (/admin) after a decision: the confirmation is a status message naming the post and
// what followed, 「次の投稿へ」 opens the next post with the moderator's filters, and every link
// keeps the filters but never the confirmation (docs/decisions/046).
import { cleanup, render, screen, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { DecisionConfirmation } from '../../features/moderation/decision-confirmation.server';
import ModerationQueue from './queue';

afterEach(cleanup);

const item = {
  postId: 41,
  revision: 1,
  type: 'student_word_mouth' as const,
  title: '説明会の雰囲気がよかった',
  companyId: 7,
  subject: '株式会社ハルカゼ商事',
  author: '山田 花子',
  submittedAt: new Date('2026-05-01T01:00:00Z'),
  kind: 'new' as const,
};

const confirmation: DecisionConfirmation = {
  postId: 40,
  decision: 'approve',
  type: 'student_word_mouth',
  title: '社員の方が親切でした',
  subject: '株式会社ハルカゼ商事',
  reason: null,
  points: 100,
  authorTold: true,
  decidedAt: new Date('2026-05-01T02:00:00Z'),
  next: { postId: 41, type: 'student_word_mouth', title: '説明会の雰囲気がよかった' },
  waitingOverall: 0,
};

function renderQueue(
  url: string,
  data: { confirmation: DecisionConfirmation | null; items: (typeof item)[]; company: { id: number; name: string } | null },
) {
  const filters = {
    type: new URL(url, 'http://x').searchParams.get('type'),
    companyId: data.company?.id ?? null,
    page: 1,
  };
  const Stub = createRoutesStub([
    {
      path: '/admin',
      Component: ModerationQueue as never,
      HydrateFallback: () => null,
      loader: () => ({
        items: data.items,
        total: data.items.length,
        countsByType: { student_word_mouth: data.items.length },
        company: data.company,
        filters,
        confirmation: data.confirmation,
        waitingCompanies: data.company ? [] : [{ id: 7, name: '株式会社ハルカゼ商事', waiting: 1 }],
        pageCount: 1,
      }),
    },
  ]);
  render(<Stub initialEntries={[url]} />);
}

/** The confirmation (the company box has a status region of its own for its search results). */
async function confirmationBox(): Promise<HTMLElement> {
  // The sentence is set in word runs (KeepWords): matched on the paragraph's whole text.
  const text = await screen.findByText(
    (_, element) => element?.tagName === 'P' && /を(承認して公開|差し戻)しました/.test(element.textContent ?? ''),
  );
  const box = text.closest<HTMLElement>('[role=status]');
  if (!box) throw new Error('the confirmation is not a status message');
  return box;
}

describe('the queue after a decision', () => {
  it('confirms what was done in a status message and opens the next post with the same filters', async () => {
    renderQueue('/admin?type=student_word_mouth&company_id=7&decided=40', {
      confirmation,
      items: [item],
      company: { id: 7, name: '株式会社ハルカゼ商事' },
    });
    const status = await confirmationBox();
    expect(status.textContent).toContain('「社員の方が親切でした」（学生クチコミ・株式会社ハルカゼ商事）を承認して公開しました。');
    expect(status.textContent).toContain('投稿者に100ptを付与し、メールとマイページで公開を知らせました。');
    expect(status.hasAttribute('data-page-focus')).toBe(true);
    expect(within(status).getByRole('link', { name: '次の投稿へ' }).getAttribute('href')).toBe(
      '/admin/posts/41?type=student_word_mouth&company_id=7',
    );
    // The queue's own links keep the filters and drop the confirmation.
    // jsdom names the word runs of KeepWords with spaces between them; browsers do not.
    expect(screen.getByRole('link', { name: (name) => name.replace(/\s/g, '') === item.title }).getAttribute('href')).toBe(
      '/admin/posts/41?type=student_word_mouth&company_id=7',
    );
    expect(screen.getByRole('link', { name: /^すべて/ }).getAttribute('href')).toBe('/admin?company_id=7');
    expect(screen.getByRole('link', { name: '絞り込みを解除' }).getAttribute('href')).toBe('/admin?type=student_word_mouth');
  });

  it('says plainly when nothing is left under the filters, and where the rest of the queue is', async () => {
    renderQueue('/admin?company_id=7&decided=40', {
      confirmation: { ...confirmation, decision: 'reject', reason: 'personal_information', points: 0, next: null, waitingOverall: 12 },
      items: [],
      company: { id: 7, name: '株式会社ハルカゼ商事' },
    });
    const status = await confirmationBox();
    expect(status.textContent).toContain('を差し戻しました（理由：個人が特定できる内容）。');
    expect(status.textContent).toContain('この条件で審査待ちの投稿はもうありません。');
    expect(within(status).getByRole('link', { name: 'すべての審査待ち（12件）を見る' }).getAttribute('href')).toBe('/admin');
    expect(screen.queryByRole('link', { name: '次の投稿へ' })).toBeNull();
    // The empty list does not say it a second time.
    expect(screen.queryByText('この条件で審査待ちの投稿はありません。')).toBeNull();

    cleanup();
    renderQueue('/admin?decided=40', { confirmation: { ...confirmation, next: null }, items: [], company: null });
    expect((await confirmationBox()).textContent).toContain('審査待ちの投稿はもうありません。');
  });

  it('without a decision shows no confirmation, and the company box with the companies that have posts waiting', async () => {
    renderQueue('/admin', { confirmation: null, items: [item], company: null });
    expect(await screen.findByLabelText('企業で絞り込む')).toBeTruthy();
    expect(screen.queryByText(/次の投稿へ/)).toBeNull();
    expect(screen.getByRole('link', { name: /^株式会社ハルカゼ商事\s*1\s*件$/ }).getAttribute('href')).toBe('/admin?company_id=7');
  });
});
