// A tiny template language for the demo texts, so that sentences can be written as Japanese
// prose with holes rather than as string concatenation:
//   {key}        the context value (a list gives a random item each time)
//   [a|b|c]      one of the alternatives, chosen at random (may contain {key})
import type { Random } from './random';

export type TextContext = Record<string, string | number | readonly string[]>;

const ALTERNATIVES = /\[([^[\]]*\|[^[\]]*)\]/g;
const HOLE = /\{(\w+)\}/g;

export function fill(rng: Random, template: string, context: TextContext): string {
  const chosen = template.replace(ALTERNATIVES, (_, body: string) => rng.pick(body.split('|')));
  return chosen.replace(HOLE, (_, key: string) => {
    const value = context[key];
    if (value === undefined) throw new Error(`Template hole {${key}} has no value: ${template}`);
    if (typeof value === 'string' || typeof value === 'number') return String(value);
    return rng.pick(value);
  });
}

/** One sentence from a pool of templates. */
export function sentence(rng: Random, pool: readonly string[], context: TextContext): string {
  return fill(rng, rng.pick(pool), context);
}

export type ParagraphPlan = {
  /** Sentences that always appear, in order; each entry is a pool to pick one template from. */
  lead: readonly (readonly string[])[];
  /** Optional sentences; as many as fit are inserted, in random order, after the lead. */
  extra?: readonly (readonly string[])[];
  /** Sentences that always close the paragraph. */
  close?: readonly (readonly string[])[];
  min: number;
  max: number;
};

/**
 * A paragraph between min and max characters: the lead and closing sentences, with optional
 * sentences added until the length falls within range. `used` carries the templates already
 * used elsewhere in the same post, so that a post with several similar sections (one per
 * interview) does not repeat a sentence.
 */
export function paragraph(rng: Random, plan: ParagraphPlan, context: TextContext, used: Set<string> = new Set()): string {
  const take = (pool: readonly string[], required: boolean): string | undefined => {
    const fresh = pool.filter((template) => !used.has(template));
    if (fresh.length === 0 && !required) return undefined;
    const template = rng.pick(fresh.length > 0 ? fresh : pool);
    used.add(template);
    return fill(rng, template, context);
  };
  const lead = plan.lead.map((pool) => take(pool, true) as string);
  const close = (plan.close ?? []).map((pool) => take(pool, true) as string);
  const fixedLength = [...lead, ...close].join('').length;
  const target = rng.int(plan.min, Math.max(plan.min, Math.round(plan.min + (plan.max - plan.min) * 0.6)));
  const middle: string[] = [];
  let length = fixedLength;
  for (const pool of rng.shuffle(plan.extra ?? [])) {
    if (length >= target) break;
    const text = take(pool, false);
    if (text === undefined || length + text.length > plan.max) continue;
    middle.push(text);
    length += text.length;
  }
  return [...lead, ...middle, ...close].join('');
}

/** The Japanese reading of a day count: 1日, 3日間. */
export function daysLabel(days: number): string {
  return days === 1 ? '1日' : `${days}日間`;
}

/** Kanji numerals for interview rounds: 一次, 二次, 三次. */
export function roundLabel(round: number): string {
  return `${['一', '二', '三', '四', '五'][round - 1]}次`;
}
