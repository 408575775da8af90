// What every content type provides (docs/decisions/022-post-revisions.md): one module per type in
// this folder, used by the posting forms (client and server), draft saving, submission, the
// moderation preview, the post page and the demo generator alike.
import type { z } from '../../../lib/zod';
import type { EntrySheetResult, InternFormat, PostTypeKey, ScreeningResult, Season, SelectionType } from '../../../db/enums';
import type { PostSection, ScreeningStep, SelectionStep } from '../../../db/schema';

export type PostAttributes = Record<string, string | number | boolean | null>;

/** A post as it is stored when published: the posts row's texts and its detail row, if any. */
export type PostRecord = {
  title: string;
  sections: PostSection[];
  attributes: PostAttributes;
  intern?: {
    year: number;
    season: Season;
    theme: string;
    format: InternFormat;
    days: number;
    ratingAll: number;
    ratingDifficulty: number;
    ratingIndustryUnderstanding: number;
    ratingCompanyUnderstanding: number;
    ratingMentor: number;
    ratingGrowth: number;
    ratingDirectlyLinkedToOffer: number;
    ratingLevel: number;
    ratingTheme: number;
    /** The selection's steps (issue 34); absent from a record read before they existed. */
    steps?: SelectionStep[];
  };
  screening?: { graduationYear: number; steps: ScreeningStep[]; result: ScreeningResult };
  entrySheet?: { selectionType: SelectionType; year: number; result: EntrySheetResult };
};

export type PostTypeModule<Strict extends z.ZodType, Draft extends z.ZodType> = {
  /** The content types this module serves (the two kinds of ES share one). */
  keys: readonly PostTypeKey[];
  /** What a submitted post must satisfy; client and server check the same. */
  schema: Strict;
  /** What a draft may hold: any part of the content, within the same limits. */
  draftSchema: Draft;
  /** The stored form of complete content. */
  toRecord(content: z.output<Strict>, key: PostTypeKey): PostRecord;
  /** The content of a stored post (for the post page, editing and the moderation diff). */
  fromRecord(record: PostRecord, key: PostTypeKey): z.output<Strict>;
};

/**
 * A module from its fields: the submitted schema (with a check across fields, when one is given)
 * and the draft schema come from the same fields, and the title, which every type has, is stored
 * as the post's title; toRecord and fromRecord say the rest.
 */
export function definePostType<Strict extends z.ZodType<{ title: string }>, Draft extends z.ZodType>(definition: {
  keys: readonly PostTypeKey[];
  fields: { strict: Strict; draft: Draft };
  /** A check across fields that the submitted content must also pass. */
  refine?: (content: z.output<Strict>, context: z.RefinementCtx<z.output<Strict>>) => void;
  toRecord(content: z.output<Strict>, key: PostTypeKey): Omit<PostRecord, 'title'>;
  fromRecord(record: PostRecord, key: PostTypeKey): Omit<z.output<Strict>, 'title'>;
}): PostTypeModule<Strict, Draft> {
  const { fields, refine, toRecord, fromRecord } = definition;
  return {
    keys: definition.keys,
    schema: refine ? fields.strict.superRefine(refine) : fields.strict,
    draftSchema: fields.draft,
    toRecord: (content, key) => ({ title: content.title, ...toRecord(content, key) }),
    fromRecord: (record, key) => ({ title: record.title, ...fromRecord(record, key) }) as z.output<Strict>,
  };
}

/** A section's text by its heading ('' when the post has none). */
export function sectionBody(record: Pick<PostRecord, 'sections'>, heading: string): string {
  return record.sections.find((section) => section.heading === heading)?.body ?? '';
}

/** A number attribute, or undefined. */
export function numberAttribute(record: Pick<PostRecord, 'attributes'>, name: string): number | undefined {
  const value = record.attributes[name];
  return typeof value === 'number' ? value : undefined;
}

/** A text attribute, or undefined. */
export function textAttribute(record: Pick<PostRecord, 'attributes'>, name: string): string | undefined {
  const value = record.attributes[name];
  return typeof value === 'string' ? value : undefined;
}

/** A text attribute that is one of a fixed list of values, or undefined. */
export function choiceAttribute<const T extends readonly string[]>(
  record: Pick<PostRecord, 'attributes'>,
  name: string,
  values: T,
): T[number] | undefined {
  const value = textAttribute(record, name);
  return values.find((item) => item === value);
}

/** Attributes without the values that were not given (an optional field left empty). */
export function presentAttributes(attributes: Record<string, string | number | boolean | null | undefined>): PostAttributes {
  return Object.fromEntries(Object.entries(attributes).filter(([, value]) => value !== undefined)) as PostAttributes;
}

/** Content keys and the fixed section headings they are stored under, in order. */
export type SectionHeadings = Record<string, string>;

/** The sections of content whose texts sit under fixed headings. */
export function toSections(headings: SectionHeadings, content: Record<string, unknown>): PostSection[] {
  return Object.entries(headings).map(([key, heading]) => ({ heading, body: String(content[key] ?? '') }));
}

/** The texts of fixed-heading sections, by content key. */
export function fromSections<H extends SectionHeadings>(headings: H, record: Pick<PostRecord, 'sections'>): { [K in keyof H]: string } {
  return Object.fromEntries(Object.entries(headings).map(([key, heading]) => [key, sectionBody(record, heading)])) as {
    [K in keyof H]: string;
  };
}
