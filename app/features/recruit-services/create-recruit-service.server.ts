import { orDb, type DbOrTx } from '../../db/transaction.server';
import { recruitServices } from '../../db/schema';

/** Adds a job-hunting service (就活サービス) that students can review. Names are unique. */
export async function createRecruitService(options: {
  tx?: DbOrTx;
  name: string;
  /** Reading in full-width katakana. */
  kana: string;
  /** 就活ナビ, 逆求人, 就活エージェント … (free text, as the demo data has it). */
  category: string;
  url?: string | null;
  description?: string;
}): Promise<{ recruitServiceId: number }> {
  const [row] = await orDb(options.tx)
    .insert(recruitServices)
    .values({
      name: options.name,
      kana: options.kana,
      category: options.category,
      url: options.url ?? null,
      description: options.description ?? '',
    })
    .returning({ id: recruitServices.id });
  return { recruitServiceId: row!.id };
}
