// @vitest-environment jsdom
// The admin catalog pages render what their loaders and actions answer: the company list, the
// company form with the similar-name warning, and the import report (docs/decisions/029-admin-catalog.md).
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { ImportReport } from '../../features/moderation/import-employee-reviews.server';
import CompaniesPage from './companies';
import CompanyForm from './company-form';
import EmployeeReviews from './employee-reviews';

afterEach(cleanup);

const OPTIONS = {
  industries: [{ id: 1, name: 'ソフトウェア' }],
  prefectures: [
    { id: 13, name: '東京都', region: '関東' },
    { id: 27, name: '大阪府', region: '近畿' },
  ],
};

describe('the company list', () => {
  it('shows each company with a link to its edit form, and an empty state that says what to do', async () => {
    const company = {
      id: 7,
      name: '株式会社ハルカゼ商事',
      kana: 'ハルカゼショウジ',
      industryName: 'ソフトウェア',
      prefectureName: '東京都',
      publishedPostCount: 1200,
      updatedAt: new Date('2026-05-01T01:00:00Z'),
    };
    const Stub = createRoutesStub([
      {
        path: '/admin/companies',
        Component: CompaniesPage as never,
        HydrateFallback: () => null,
        loader: () => ({ items: [company], total: 1, page: 1, pageCount: 1, keyword: '' }),
      },
    ]);
    render(<Stub initialEntries={['/admin/companies']} />);
    const link = await screen.findByRole('link', { name: '株式会社ハルカゼ商事' });
    expect(link.getAttribute('href')).toBe('/admin/companies/7/edit');
    expect(screen.getByRole('link', { name: '企業を追加' }).getAttribute('href')).toBe('/admin/companies/new');
    expect(screen.getByText('1,200件')).toBeTruthy();
    expect(screen.getByText('1社')).toBeTruthy();

    cleanup();
    const Empty = createRoutesStub([
      {
        path: '/admin/companies',
        Component: CompaniesPage as never,
        HydrateFallback: () => null,
        loader: () => ({ items: [], total: 0, page: 1, pageCount: 1, keyword: 'なし' }),
      },
    ]);
    render(<Empty initialEntries={['/admin/companies?q=なし']} />);
    expect(await screen.findByText(/「なし」に当てはまる企業はありません。/)).toBeTruthy();
  });
});

describe('the company form', () => {
  it('keeps what was typed and shows the similar companies with the confirmation', async () => {
    const Stub = createRoutesStub([
      {
        path: '/admin/companies/new',
        Component: CompanyForm as never,
        HydrateFallback: () => null,
        loader: () => ({ company: null, options: OPTIONS, saved: null, thisYear: 2026 }),
        action: () => ({
          ok: false,
          errors: { confirmSimilar: '似た名前の企業がすでに登録されています。' },
          values: { name: 'ﾊﾙｶｾﾞ商事', kana: 'はるかぜ', industryId: '1', prefectureId: '27' },
          similar: [{ id: 7, name: '株式会社ハルカゼ商事', kana: 'ハルカゼショウジ', prefectureName: '東京都', match: 'same' }],
          similarFor: 'ハルカゼショウジ',
        }),
      },
    ]);
    render(<Stub initialEntries={['/admin/companies/new']} />);
    const name = (await screen.findByLabelText(/企業名/)) as HTMLInputElement;
    expect(screen.getByRole('heading', { name: '企業の追加' })).toBeTruthy();
    expect(screen.queryByText('似た名前の企業が登録されています')).toBeNull();
    expect(screen.getByRole('combobox', { name: /本社所在地/ }).querySelectorAll('optgroup')).toHaveLength(2);
    // Filled in as a moderator would, so that the browser's check lets the form go.
    name.value = 'ﾊﾙｶｾﾞ商事';
    (screen.getByLabelText(/フリガナ/) as HTMLInputElement).value = 'はるかぜ';
    (screen.getByRole('combobox', { name: /業種/ }) as HTMLSelectElement).value = '1';
    (screen.getByRole('combobox', { name: /本社所在地/ }) as HTMLSelectElement).value = '27';
    name.form!.requestSubmit();
    const warning = (await screen.findByText('似た名前の企業が登録されています')).closest('section')!;
    expect(within(warning).getByRole('link', { name: '株式会社ハルカゼ商事' }).getAttribute('href')).toBe('/admin/companies/7/edit');
    expect(screen.getByRole('checkbox', { name: '同じ企業の重複登録ではないことを確認しました' })).toBeTruthy();
    expect((document.querySelector('input[name="similarFor"]') as HTMLInputElement).value).toBe('ハルカゼショウジ');
  });

  it('says that an edit was saved', async () => {
    const company = {
      id: 7,
      name: '株式会社ハルカゼ商事',
      kana: 'ハルカゼショウジ',
      industryId: 1,
      prefectureId: 13,
      url: null,
      employeeCount: 80,
      foundedYear: null,
      description: '',
      publishedPostCount: 3,
      createdAt: new Date(),
      updatedAt: new Date(),
    };
    const Stub = createRoutesStub([
      {
        path: '/admin/companies/7/edit',
        Component: CompanyForm as never,
        HydrateFallback: () => null,
        loader: () => ({ company, options: OPTIONS, saved: 'updated', thisYear: 2026 }),
      },
    ]);
    render(<Stub initialEntries={['/admin/companies/7/edit?saved=updated']} />);
    expect((await screen.findByRole('status')).textContent).toContain('変更を保存しました。');
    expect(((await screen.findByLabelText(/従業員数/)) as HTMLInputElement).value).toBe('80');
  });
});

describe('the import page', () => {
  it('shows the counts and a table of the refused rows with their reasons', async () => {
    const report: ImportReport = {
      outcome: 'dry_run',
      dryRun: true,
      skipInvalid: false,
      fileError: null,
      counts: { rows: 2, ready: 1, imported: 0, skipped: 0, invalid: 1 },
      rows: [
        { line: 2, sourceId: 'a', companyId: 7, companyName: 'ハルカゼ', title: '良い会社', status: 'ready', reasons: [], postId: null },
        {
          line: 3,
          sourceId: 'b',
          companyId: 99,
          companyName: null,
          title: '',
          status: 'invalid',
          reasons: ['企業が見つかりません（company_id: 99）'],
          postId: null,
        },
      ],
    };
    const Stub = createRoutesStub([
      {
        path: '/admin/employee_reviews',
        Component: EmployeeReviews as never,
        HydrateFallback: () => null,
        loader: () => ({ maxBytes: 5 * 1024 * 1024 }),
        action: () => ({ error: null, report, fileName: 'reviews.csv' }),
      },
    ]);
    render(<Stub initialEntries={['/admin/employee_reviews']} />);
    const dryRun = (await screen.findByRole('checkbox', { name: '確認のみ（取り込まない）' })) as HTMLInputElement;
    expect(dryRun.checked).toBe(true);
    expect(screen.getByRole('button', { name: 'ファイルを確認する' })).toBeTruthy();
    // A submission without a file is stopped in the browser.
    dryRun.form!.requestSubmit();
    expect(await screen.findByText('CSVファイルを選んでください。')).toBeTruthy();

    await userEvent.upload(screen.getByLabelText(/CSVファイル/), new File(['source_id'], 'reviews.csv', { type: 'text/csv' }));
    dryRun.form!.requestSubmit();
    expect(await screen.findByText('企業が見つかりません（company_id: 99）')).toBeTruthy();
    expect(screen.getByText(/確認しました（まだ何も取り込んでいません）。不備のある行が1件あります。/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: /確認の結果/ }).textContent).toContain('reviews.csv');
  });
});
