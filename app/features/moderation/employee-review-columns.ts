// The columns of the 社員クチコミ import file (docs/decisions/029-admin-catalog.md), shown on
// /admin/employee_reviews and used by the parser. The limits in `note` are those of the
// employee_word_mouth type module, which is what every row is checked against.
import { EMPLOYEE_WORD_MOUTH_SECTIONS, EMPLOYMENTS } from '../posts/types/employee-word-mouth';

export type EmployeeReviewColumn = {
  name: string;
  label: string;
  required: boolean;
  /** The content field of the type module the column fills, if any. */
  contentKey?: 'title' | 'department' | 'employment' | 'tenureYears' | 'rating' | 'culture' | 'growth' | 'pay';
  note: string;
};

export const SOURCE_ID_MAX = 100;

export const EMPLOYEE_REVIEW_COLUMNS = [
  {
    name: 'source_id',
    label: '取込元ID',
    required: true,
    note: `取込元でのクチコミのID（${SOURCE_ID_MAX}文字以内）。取込済みのIDの行は取り込みません`,
  },
  { name: 'company_id', label: '企業ID', required: true, note: 'シューログの企業ID（企業一覧の「ID」）' },
  { name: 'title', label: 'タイトル', required: true, contentKey: 'title', note: '5〜80文字' },
  { name: 'department', label: '部署', required: true, contentKey: 'department', note: '40文字以内' },
  {
    name: 'employment',
    label: '在籍状況',
    required: true,
    contentKey: 'employment',
    note: EMPLOYMENTS.map((value) => `「${value}」`).join('または'),
  },
  { name: 'tenure_years', label: '在籍年数', required: true, contentKey: 'tenureYears', note: '0〜50の整数' },
  { name: 'rating', label: '総合評価', required: true, contentKey: 'rating', note: '1〜5の整数' },
  { name: 'culture', label: EMPLOYEE_WORD_MOUTH_SECTIONS.culture, required: true, contentKey: 'culture', note: '20〜2000文字（改行可）' },
  { name: 'growth', label: EMPLOYEE_WORD_MOUTH_SECTIONS.growth, required: true, contentKey: 'growth', note: '20〜2000文字（改行可）' },
  { name: 'pay', label: EMPLOYEE_WORD_MOUTH_SECTIONS.pay, required: true, contentKey: 'pay', note: '20〜2000文字（改行可）' },
  {
    name: 'published_at',
    label: '公開日時',
    required: false,
    note: '2024-05-01、2024/5/1 10:00 または 2024-05-01T10:00:00+09:00（時差の指定がなければ日本時間）。空欄なら取り込んだ日時',
  },
] as const satisfies readonly EmployeeReviewColumn[];

export type EmployeeReviewColumnName = (typeof EMPLOYEE_REVIEW_COLUMNS)[number]['name'];

/** The largest file the upload takes: a few thousand reviews of usual length. */
export const EMPLOYEE_REVIEW_CSV_MAX_BYTES = 5 * 1024 * 1024;

/**
 * The most rows a file may have: far more reviews than 5 MB holds (a whole review takes 100
 * bytes at the least), yet a bound on what the check of repeated source ids keeps in memory
 * (docs/decisions/054-streamed-imports.md).
 */
export const MAX_IMPORT_ROWS = 100_000;
