// The Japanese words for moderator actions (the audit log), shared by the admin pages.
import type { ModerationAction } from '../../db/enums';

export const MODERATION_ACTION_LABELS: Record<ModerationAction, string> = {
  approve: '承認して公開',
  reject: '差し戻し',
  unpublish: '公開停止（通報）',
  dismiss_reports: '通報を却下',
  create_company: '企業を追加',
  update_company: '企業を編集',
  create_service: '就活サービスを追加',
  update_service: '就活サービスを編集',
  import_employee_reviews: '社員クチコミを取込',
  import_companies: '企業を取込（法人番号）',
};
