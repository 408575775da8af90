// @vitest-environment jsdom
// The admin catalog pages render what their loaders and actions answer: the company list, the
// company form with the similar-name warning, and the import's progress and report
// (docs/decisions/029-admin-catalog.md, 054-streamed-imports.md).
import { cleanup, render, screen, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { ImportView } from '../../features/moderation/import-employee-reviews.server';
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
  function importView(overrides: Partial<ImportView>): ImportView {
    return {
      id: 12,
      fileName: 'reviews.csv',
      dryRun: true,
      skipInvalid: false,
      status: 'dry_run',
      running: false,
      percent: null,
      counts: { rows: 0, ready: 0, imported: 0, skipped: 0, invalid: 0 },
      fileError: null,
      refusedRows: [],
      createdAt: '2026-05-01T01:00:00.000Z',
      finishedAt: null,
      ...overrides,
    };
  }

  it('shows the progress of a running import, refreshes itself, then shows the first refused rows and how many more', async () => {
    const running = importView({
      status: 'checking',
      running: true,
      percent: 45,
      counts: { rows: 12_000, ready: 0, imported: 0, skipped: 0, invalid: 3_000 },
    });
    const refusedRows = Array.from({ length: 100 }, (_, i) => ({
      line: i + 2,
      sourceId: `s-${i}`,
      companyId: i === 0 ? 7 : 99,
      companyName: i === 0 ? 'ハルカゼ' : null,
      title: '',
      reasons: [i === 0 ? '必須項目がありません: 部署（department）' : '企業が見つかりません（company_id: 99）'],
    }));
    const done = importView({ counts: { rows: 60_000, ready: 25_000, imported: 0, skipped: 0, invalid: 35_000 }, refusedRows });
    let loads = 0;
    const Stub = createRoutesStub([
      {
        path: '/admin/employee_reviews',
        Component: EmployeeReviews as never,
        HydrateFallback: () => null,
        loader: () => {
          loads++;
          const shown = loads === 1 ? running : done;
          return { maxBytes: 5 * 1024 * 1024, shown, running: shown.running ? shown : null, recent: [shown] };
        },
      },
    ]);
    render(<Stub initialEntries={['/admin/employee_reviews?import=12']} />);
    expect((await screen.findByRole('heading', { name: /確認しています/ })).textContent).toContain('reviews.csv');
    expect(screen.getByText('ファイルの全行を確認しています…').getAttribute('role')).toBe('status');
    expect((screen.getByRole('progressbar', { name: '進み具合' }) as HTMLProgressElement).value).toBe(45);

    // The page asks again by itself, and the report replaces the progress.
    expect(await screen.findByText(/不備のある行が35,000件あります。/, {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    const table = screen.getByRole('table', { name: '不備のある行' });
    expect(within(table).getAllByRole('row')).toHaveLength(101);
    expect(within(table).getByRole('link', { name: 'ハルカゼ' }).getAttribute('href')).toBe('/companies/7');
    expect(screen.getByText(/ほか 34,900 行に不備があります（表示は先頭の100件です）。/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: '最近の取り込み' })).toBeTruthy();
  });

  it('stops a submission without a file in the browser', async () => {
    const Stub = createRoutesStub([
      {
        path: '/admin/employee_reviews',
        Component: EmployeeReviews as never,
        HydrateFallback: () => null,
        loader: () => ({ maxBytes: 5 * 1024 * 1024, shown: null, running: null, recent: [] }),
      },
    ]);
    render(<Stub initialEntries={['/admin/employee_reviews']} />);
    const dryRun = (await screen.findByRole('checkbox', { name: '確認のみ（取り込まない）' })) as HTMLInputElement;
    expect(dryRun.checked).toBe(true);
    expect(screen.getByRole('button', { name: 'ファイルを確認する' })).toBeTruthy();
    dryRun.form!.requestSubmit();
    expect(await screen.findByText('CSVファイルを選んでください。')).toBeTruthy();
  });
});
