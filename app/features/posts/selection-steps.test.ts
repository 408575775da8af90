import { describe, expect, it } from 'vitest';
import { SELECTION_STEP_KEYS } from '../../db/enums';
import { resultContactText, stepHeading, stepKeyLabel, stepKeyOf } from './selection-steps';

describe('selection steps', () => {
  it('keys a step as its heading reads: a single interview is 一次面接 even when marked final', () => {
    expect(stepKeyOf({ kind: 'es' })).toBe('es');
    expect(stepKeyOf({ kind: 'interview' })).toBe('interview_1');
    expect(stepKeyOf({ kind: 'interview', round: 1, final: true })).toBe('interview_1');
    expect(stepKeyOf({ kind: 'interview', round: 3, final: true })).toBe('final');
    expect(stepKeyOf({ kind: 'interview', round: 12 })).toBe('interview_10');
    expect(stepHeading({ kind: 'interview', round: 2 })).toBe('二次面接');
    expect(stepHeading({ kind: 'interview', round: 3, final: true })).toBe('最終面接');
  });

  it('labels every key', () => {
    expect(SELECTION_STEP_KEYS.map(stepKeyLabel)).toEqual([
      'ES',
      'Webテスト',
      'GD',
      '一次面接',
      '二次面接',
      '三次面接',
      '四次面接',
      '五次面接',
      '六次面接',
      '七次面接',
      '八次面接',
      '九次面接',
      '十次面接',
      '最終面接',
    ]);
  });

  it('says how a result came in words', () => {
    expect(resultContactText(3, 'email')).toBe('3日後にメールで連絡');
    expect(resultContactText(0, 'phone')).toBe('当日に電話で連絡');
    expect(resultContactText(undefined, 'mypage')).toBe('マイページで連絡');
    expect(resultContactText(5, undefined)).toBe('5日後に連絡');
    expect(resultContactText(9, 'silent')).toBe('連絡なし（サイレント）');
    expect(resultContactText(undefined, undefined)).toBeNull();
  });
});
