// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Issue 18, goal 3: every form a student or moderator fills in follows the one accessible form
// pattern (app/ui/validated-form.tsx: the same zod schema in the browser and on the server, focus
// to the first invalid field, an announced summary, nothing typed lost). A plain <Form>/<form> is
// left for forms with nothing to fill in (a confirmation button with hidden fields) and for GET
// forms (search and filters, where every field is optional), so a new form that takes input
// without the pattern fails here.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Forms that take input without ValidatedForm, each with the reason. */
const EXCEPTIONS: Record<string, string> = {
  // The two imports' upload form (社員クチコミ, and the 法人番号 data with the kinds to import): a
  // file and check boxes, no text. Each page's script checks the file (presence, size) and, for
  // companies, the kinds, moves focus to the field and shows the message beside it; the server
  // reports row by row (decisions 054, 077).
  'app/routes/admin/import-parts.tsx': 'CSV file upload',
};

const FIELD = /<(Input|Textarea|Select|Checkbox|Radio|StarRatingInput|CompanyPicker|textarea|select)\b|<input\b(?![^>]*type="hidden")/;

function sourceFiles(): string[] {
  return fs
    .readdirSync(path.join(ROOT, 'app'), { recursive: true, encoding: 'utf8' })
    .map((entry) => path.posix.join('app', entry.split(path.sep).join('/')))
    .filter((file) => file.endsWith('.tsx') && !/\.test\.tsx$/.test(file) && !file.startsWith('app/routes/dev/'));
}

/** Each plain form element of a file: its opening tag and its body up to the closing tag. */
function plainForms(source: string): Array<{ open: string; body: string }> {
  const forms: Array<{ open: string; body: string }> = [];
  for (const match of source.matchAll(/<(Form|form)\b([^>]*)>/g)) {
    const tag = match[1]!;
    const start = match.index! + match[0].length;
    const end = source.indexOf(`</${tag}>`, start);
    forms.push({ open: match[0], body: source.slice(start, end === -1 ? undefined : end) });
  }
  return forms;
}

describe('the accessible form pattern', () => {
  it('is used by every form that takes input and is sent with POST', () => {
    const offenders: string[] = [];
    for (const file of sourceFiles()) {
      if (EXCEPTIONS[file]) continue;
      const source = fs.readFileSync(path.join(ROOT, file), 'utf8');
      for (const form of plainForms(source)) {
        const isGet = /method=["']get["']/i.test(form.open) || !/method=/.test(form.open);
        if (isGet) continue;
        if (FIELD.test(form.body)) offenders.push(`${file}: ${form.open}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('finds the forms it checks (the check is not vacuous)', () => {
    const sources = sourceFiles().map((file) => fs.readFileSync(path.join(ROOT, file), 'utf8'));
    const validated = sources.filter((source) => source.includes('<ValidatedForm')).length;
    const plainPost = sources.flatMap((source) => plainForms(source)).filter((form) => /method=["']post["']/i.test(form.open)).length;
    expect(validated).toBeGreaterThanOrEqual(10);
    expect(plainPost).toBeGreaterThanOrEqual(3);
  });
});
