import { describe, expect, it } from 'vitest';
import { decisionMessage, type DecisionFacts } from './decision-message';

const approved: DecisionFacts = {
  decision: 'approve',
  type: 'intern_experience',
  title: '夏インターン（5日間）：新規事業立案',
  subject: '株式会社ハルカゼ商事',
  reason: null,
  points: 500,
  authorTold: true,
};

describe('the confirmation of a decision', () => {
  it('names the post, its type and company, and the decision, as the author’s email names it', () => {
    expect(decisionMessage(approved)).toEqual({
      done: '「夏インターン（5日間）：新規事業立案」（インターン体験記・株式会社ハルカゼ商事）を承認して公開しました。',
      followUp: '投稿者に500ptを付与し、メールとマイページで公開を知らせました。',
    });
  });

  it('says what followed as it happened: no points for a post paid before, no notice to an author who left', () => {
    expect(decisionMessage({ ...approved, points: 0 }).followUp).toBe(
      '投稿者にメールとマイページで公開を知らせました。この投稿の報酬ポイントは以前の公開で付与済みです。',
    );
    expect(decisionMessage({ ...approved, points: 0, authorTold: false }).followUp).toBe(
      '投稿者は退会しているため、通知と報酬ポイントの付与はしていません。',
    );
  });

  it('gives the reason of a rejection, and a post without a title or company still reads well', () => {
    const rejected: DecisionFacts = { ...approved, decision: 'reject', reason: 'insufficient_content', points: 0 };
    expect(decisionMessage(rejected)).toEqual({
      done: '「夏インターン（5日間）：新規事業立案」（インターン体験記・株式会社ハルカゼ商事）を差し戻しました（理由：内容が不十分）。',
      followUp: '投稿者にメールとマイページで理由を知らせました。投稿者は内容を直して再送信できます。',
    });
    expect(decisionMessage({ ...rejected, title: '', subject: null, authorTold: false })).toEqual({
      done: '「（タイトルなし）」（インターン体験記）を差し戻しました（理由：内容が不十分）。',
      followUp: '投稿者は退会しているため、通知はしていません。',
    });
  });
});
