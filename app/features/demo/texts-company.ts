// Company descriptions (会社概要) shown on the company page: two to four sentences that fit
// the industry and repeat the company's own strength and focus.
import type { Random } from './random';
import { companyContext, type CompanyProfile } from './subject';
import { fill } from './template';

export function companyDescription(rng: Random, company: CompanyProfile, foundedYear: number): string {
  const context = { ...companyContext(company), founded: foundedYear, name: company.shortName };
  const sentences = [
    fill(
      rng,
      rng.pick([
        '{name}は、{pref}に本社を置く{kind}です。',
        '{founded}年創業、{pref}に本社を構える{kind}です。',
        '{pref}を拠点とする{kind}です。',
      ]),
      context,
    ),
    fill(
      rng,
      rng.pick([
        '{customers}に向けて、{product}を提供しています。',
        '主に{customers}を対象に、{product}を手がけています。',
        '{product}を中心に、{customers}の期待に応える事業を展開しています。',
      ]),
      context,
    ),
  ];
  if (rng.chance(0.8)) {
    sentences.push(
      fill(
        rng,
        rng.pick([
          '{strength}を強みに、着実に事業を広げてきました。',
          '{strength}が強みです。',
          '{strength}は、{name}ならではの強みです。',
        ]),
        context,
      ),
    );
  }
  if (rng.chance(0.6)) {
    sentences.push(
      fill(
        rng,
        rng.pick([
          '近年は{focus}にも力を入れています。',
          '現在は{focus}に注力し、新しい分野に挑戦する人材を求めています。',
          '今後は{focus}を成長の柱に育てていく方針です。',
        ]),
        context,
      ),
    );
  }
  return sentences.join('');
}
