// The fields of each content type's form.
import type { WritableType } from '../writable-types';
import { EntrySheetFields } from './entry-sheet-fields';
import type { Content } from './initial-values';
import { InternExperienceFields } from './intern-experience-fields';
import { CompanyStudyFields, QuickReportFields, ServiceReviewFields, StudentWordMouthFields } from './other-fields';
import { ScreeningExperienceFields } from './screening-experience-fields';

export function TypeFields({ type, content }: { type: WritableType; content: Content }) {
  switch (type) {
    case 'intern_experience':
      return <InternExperienceFields content={content} />;
    case 'screening_experience':
      return <ScreeningExperienceFields content={content} />;
    case 'intern_entry_sheet':
      return <EntrySheetFields content={content} selection="intern" />;
    case 'screening_entry_sheet':
      return <EntrySheetFields content={content} selection="recruit" />;
    case 'student_word_mouth':
      return <StudentWordMouthFields content={content} />;
    case 'company_study':
      return <CompanyStudyFields content={content} />;
    case 'recruit_service_review':
      return <ServiceReviewFields content={content} />;
    case 'jobhunt_prompt_report':
      return <QuickReportFields content={content} />;
  }
}
