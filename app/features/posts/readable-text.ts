// A post's content as plain lines, the way a reader would read it aloud: the title, its facts,
// its ratings and each section under its heading. The moderation screen compares two revisions
// line by line in this form, so that a difference reads as the post reads, not as JSON.
import type { PostTypeKey } from '../../db/enums';
import { postFacts } from './post-facts';
import { toPostRecord, type PostContent, type PostContentOf } from './types/registry';

export function readableLines(type: PostTypeKey, content: Record<string, unknown>): string[] {
  const tagged = { type, ...content } as PostContent;
  const record = toPostRecord(type, content as PostContentOf<typeof type>);
  const { facts, stars, ratings, steps } = postFacts(tagged);
  const lines = [`タイトル：${record.title}`];
  for (const fact of facts) lines.push(`${fact.label}：${fact.value}`);
  if (stars !== null) lines.push(`総合評価：${stars}`);
  for (const rating of ratings ?? []) lines.push(`${rating.label}：${rating.value}`);
  for (const step of steps) {
    lines.push('', `■ ${step.heading}の詳細`);
    for (const fact of step.facts) lines.push(`${fact.label}：${fact.value}`);
    for (const question of step.questions) lines.push(`聞かれた質問：${question}`);
  }
  for (const section of record.sections) {
    lines.push('', `■ ${section.heading}${section.limit ? `（${section.limit}字以内）` : ''}`);
    lines.push(...section.body.split(/\r?\n/));
  }
  return lines;
}
