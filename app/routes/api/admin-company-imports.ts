import { data } from 'react-router';
import { requireModerator } from '../../features/accounts/session-request.server';
import { COMPANY_IMPORT_STREAM_BYTES, parseKinds } from '../../features/moderation/corporation-kinds';
import { companyImportJobs } from '../../features/moderation/import-companies.server';
import { AppError } from '../../lib/app-error';
import { cleanText } from '../../lib/clean-text';
import { allowMethods, callOnlyLoader } from '../../lib/http';
import { mediaTypeOf } from '../../lib/media-type';
import type { Route } from './+types/admin-company-imports';

// PUT /api/v1/admin/company_imports?kinds=301&dryRun=1&name=FILE.csv: the 法人番号 data file itself
// as the body (text/csv), written to disk as it arrives (docs/decisions/077-company-catalogue-
// import.md). The page's script sends files this way, so that a whole prefecture's 全件 file (up
// to 512 MB, STREAMED_BODIES in server/route-rules.ts) never sits in the server's memory; the token
// travels in the X-CSRF-Token header. Answers where the import's progress is shown.

const FILE_NAME_MAX = 200;
const CSV_TYPES = new Set(['text/csv', 'application/octet-stream', 'application/vnd.ms-excel', '']);

/** The body's media type; a malformed header is no CSV. */
function csvType(request: Request): string {
  try {
    return mediaTypeOf(request.headers.get('content-type'));
  } catch {
    return 'malformed';
  }
}

export async function action({ request }: Route.ActionArgs) {
  allowMethods(request, 'PUT');
  const moderator = await requireModerator(request);
  if (!CSV_TYPES.has(csvType(request))) throw new AppError('unsupported_media_type');
  const url = new URL(request.url);
  const kinds = parseKinds(url.searchParams.get('kinds') ?? '301');
  if (!kinds) throw new AppError('validation_failed', { fields: { kinds: '取り込む法人の種類を1つ以上選んでください。' } });
  if (!request.body) throw new AppError('validation_failed', { fields: { file: 'CSVファイルを選んでください。' } });
  const declared = Number(request.headers.get('content-length'));
  const id = await companyImportJobs.start({
    file: request.body,
    declaredBytes: Number.isSafeInteger(declared) ? declared : 0,
    maxBytes: COMPANY_IMPORT_STREAM_BYTES,
    fileName: [...cleanText(url.searchParams.get('name') ?? '')].slice(0, FILE_NAME_MAX).join('') || 'ファイル名なし',
    dryRun: url.searchParams.get('dryRun') === '1',
    kinds,
    moderatorId: moderator.id,
  });
  return data({ importId: id, location: `/admin/companies/import?import=${id}` }, { status: 201 });
}

export const loader = callOnlyLoader('PUT');
