// The choices of a company import from the 法人番号 data that the admin page shows in the browser
// too (docs/decisions/077-company-catalogue-import.md): the 法人種別 codes and the file sizes.

/**
 * The largest file the admin page's form takes without its script (about 60,000 lines: a day's
 * 差分 of all Japan, or a small prefecture's 全件).
 */
export const COMPANY_IMPORT_UPLOAD_BYTES = 10 * 1024 * 1024;
/**
 * The largest file the page's script sends, streamed to disk (PUT /api/v1/admin/company_imports): a
 * whole prefecture's 全件 file (東京都's is about 300 MB unpacked).
 */
export const COMPANY_IMPORT_STREAM_BYTES = 512 * 1024 * 1024;

/** 法人種別 as the resource definition lists them. */
export const CORPORATION_KINDS: Readonly<Record<string, string>> = {
  '101': '国の機関',
  '201': '地方公共団体',
  '301': '株式会社',
  '302': '有限会社',
  '303': '合名会社',
  '304': '合資会社',
  '305': '合同会社',
  '399': 'その他の設立登記法人',
  '401': '外国会社等',
  '499': 'その他',
};
/** What an import takes when the operator does not say: 株式会社. */
export const DEFAULT_KINDS: readonly string[] = ['301'];

/** `301,305` → ['301', '305']; null when a code is not in the definition or the list is empty. */
export function parseKinds(text: string): string[] | null {
  const codes = [...new Set(text.split(/[,、\s]+/u).filter((code) => code !== ''))];
  if (codes.length === 0 || codes.some((code) => !(code in CORPORATION_KINDS))) return null;
  return codes.sort();
}
