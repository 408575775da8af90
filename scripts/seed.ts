// Seeds the demo data into the database the server would use, if that database is empty:
//   npx tsx scripts/seed.ts            (PGlite in DATA_DIR, default ./data)
//   DATABASE_URL=postgres://… npx tsx scripts/seed.ts
// In production only for a demo site, asked for with DEMO_DATA=1, as the server does
// (docs/decisions/049-production-start.md).
import { demoDataAllowed } from '../app/lib/config.server';
import { runOnServerDatabase } from './database';
import { isDatabaseEmpty, seedDemoData } from '../app/features/demo/seed.server';

const started = Date.now();

try {
  if (!demoDataAllowed()) {
    console.error(
      '本番環境（NODE_ENV=production）のデータベースにはデモデータを入れません。公開デモのサイトにするときだけ DEMO_DATA=1 を付けて実行してください。',
    );
    process.exit(2);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(2);
}

await runOnServerDatabase(async () => {
  if (!(await isDatabaseEmpty())) {
    console.log('The database already has data; nothing to seed.');
    return;
  }
  const summary = await seedDemoData();
  console.log(
    `Seeded demo data (seed ${summary.seed}): ${summary.companies} companies, ${summary.recruitServices} services, ` +
      `${summary.students} students + ${summary.moderators} moderator, ${summary.posts} posts ` +
      `(${summary.publishedPosts} published; ${summary.internExperiences} intern experiences), ` +
      `${summary.favorites} favorites, ${summary.badgeGrants} badges, ${summary.companyViewDays} view days ` +
      `in ${((Date.now() - started) / 1000).toFixed(1)} s (seeding ${(summary.ms / 1000).toFixed(1)} s).`,
  );
});
