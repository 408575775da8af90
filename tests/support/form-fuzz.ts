// Hostile text in every field of every form and call (issue 28): the forms are not listed but
// found, by reading every page of the URL table as a visitor, a student and a moderator (and the
// pages their links lead to when a route's sample URL shows no form); each field is then sent
// with NUL, C1 controls and bidi overrides inside an otherwise plausible value, alone and all
// together, and the calls get JSON bodies carrying every field found, for every content type.
// A new form or field is covered without being listed here.
import { randomUUID } from 'node:crypto';
import { JSDOM } from 'jsdom';
import { POST_TYPE_KEYS } from '../../app/db/enums';
import type { FuzzCase, Identity } from './route-fuzz';
import type { RouteTemplate } from './route-paths';

/** What a hostile client puts into a text: NUL, C1 controls (NEL, CSI) and bidi overrides. */
export const HOSTILE = '\u0000\u0085\u009b\u202e\u2066\u200f';

/**
 * `value` with the hostile characters after it: what is left once they are removed is the
 * plausible value, and they pass the checks a naive schema makes (an address's pattern, a URL,
 * whose parser ignores trailing controls), so they reach the database if nothing removes them.
 */
export function withHostile(value: string): string {
  return `${value}${HOSTILE}`;
}

export type FoundField = {
  name: string;
  /** The input's type, or textarea / select. */
  type: string;
  /** What the form sends as it stands (its value, or a plausible one when it is empty). */
  value: string;
  /** Not shown to people (the honeypot): left as it is, except when it is the one field made hostile. */
  trap?: boolean;
};

export type FoundForm = {
  identity: Identity;
  method: 'GET' | 'POST';
  /** The path (and query) the form is sent to. */
  action: string;
  multipart: boolean;
  fields: FoundField[];
  /** The page it was found on. */
  page: string;
};

const SKIPPED_TYPES = new Set(['submit', 'button', 'reset', 'image', 'file']);
/** Fields whose value is not text a person typed or chose. */
const NOT_TEXT = new Set(['authenticity_token']);

/** A page fetched as one identity: its status and, for HTML, its body. */
export type PageFetcher = (identity: Identity, path: string) => Promise<{ status: number; body: string; type: string }>;
/** A page as a browser shows it to one identity once hydrated (forms drawn by scripts included). */
export type PageRenderer = (identity: Identity, path: string) => Promise<string>;

/** A page shared by everybody, whose personal parts (the report form) are drawn in the browser. */
export function isSharedPage(html: string): boolean {
  return html.includes('/api/v1/personal');
}

function fill(base: string, min: number, max: number): string {
  let text = base;
  while (text.length < min) text += base;
  return max > 0 ? text.slice(0, max) : text;
}

/**
 * A value the form would plausibly send for an empty field. Passwords: the identity's own only in
 * a current-password field of a form that also carries other text (the change of address), so
 * that 退会 and the password change are refused and the fuzzing account survives; a new password
 * and its confirmation differ, so no password is ever changed.
 */
function plausibleValue(
  element: { type: string; name: string; min?: string; minLength: number; maxLength: number },
  context: { password: string; onlyPasswords: boolean },
): string {
  const { type, name } = element;
  const max = Math.max(element.maxLength, 0);
  const min = Math.max(element.minLength, 0);
  switch (type) {
    case 'email':
      return `fuzz-${Math.random().toString(36).slice(2, 10)}@example.jp`;
    case 'password':
      if (/current/i.test(name)) return context.onlyPasswords ? 'wrong-password-0000' : context.password;
      return /confirm/i.test(name) ? 'fuzz-new-pass-5678' : 'fuzz-new-pass-1234';
    case 'date':
      return '2025-06-01';
    case 'month':
      return '2025-06';
    case 'time':
      return '10:00';
    case 'datetime-local':
      return '2025-06-01T10:00';
    case 'number':
    case 'range':
      return element.min && element.min !== '' ? element.min : '3';
    case 'url':
      return 'https://example.jp/';
    case 'tel':
      return '0312345678';
    case 'textarea':
      return fill('これは試験のための文章です。具体的な経験と学びを書いています。', Math.max(min, 160), max);
    default:
      return fill('試験の入力', Math.max(min, 5), max);
  }
}

/** The forms of a page, with what each field sends. */
export function formsOf(html: string, page: string, identity: Identity, password: string): FoundForm[] {
  const { document } = new JSDOM(html, { url: `http://fuzz.invalid${page}` }).window;
  const forms: FoundForm[] = [];
  for (const form of Array.from(document.querySelectorAll('form'))) {
    const method = (form.getAttribute('method') ?? 'get').toUpperCase() === 'POST' ? 'POST' : 'GET';
    const action = new URL(form.getAttribute('action') || page, `http://fuzz.invalid${page}`);
    if (action.host !== 'fuzz.invalid') continue;
    const elements = Array.from(form.elements) as Array<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>;
    const named = elements.filter((element) => element.name && !element.disabled);
    const textNames = named.filter(
      (element) =>
        element.tagName !== 'BUTTON' && !SKIPPED_TYPES.has(element.type) && !NOT_TEXT.has(element.name) && element.type !== 'hidden',
    );
    const onlyPasswords = textNames.length > 0 && textNames.every((element) => element.type === 'password');
    const fields: FoundField[] = [];
    const seenRadios = new Set<string>();
    for (const element of named) {
      const tag = element.tagName.toLowerCase();
      if (tag === 'button' || (tag === 'input' && SKIPPED_TYPES.has(element.type))) continue;
      if (tag === 'select') {
        const select = element as HTMLSelectElement;
        const options = Array.from(select.options);
        const chosen = options.find((option) => option.selected && option.value !== '') ?? options.find((option) => option.value !== '');
        fields.push({ name: select.name, type: 'select', value: chosen?.value ?? '' });
        continue;
      }
      if (tag === 'input' && (element.type === 'checkbox' || element.type === 'radio')) {
        const input = element as HTMLInputElement;
        if (element.type === 'radio') {
          if (seenRadios.has(input.name)) continue;
          seenRadios.add(input.name);
          const group = named.filter((other) => other.name === input.name) as HTMLInputElement[];
          const checked = group.find((other) => other.checked) ?? group[0]!;
          fields.push({ name: input.name, type: 'radio', value: checked.value });
        } else if (input.checked) {
          fields.push({ name: input.name, type: 'checkbox', value: input.value });
        }
        continue;
      }
      const input = element as HTMLInputElement;
      const type = tag === 'textarea' ? 'textarea' : input.type;
      if (input.closest('[aria-hidden="true"]')) {
        fields.push({ name: input.name, type, value: input.value, trap: true });
        continue;
      }
      // A hidden field left empty for a script to fill (the company picker's id) gets an id.
      if (type === 'hidden') {
        fields.push({ name: input.name, type, value: input.value !== '' ? input.value : /(?:_id|Id)$/.test(input.name) ? '1' : '' });
        continue;
      }
      const value =
        input.value !== '' && type !== 'password'
          ? input.value
          : plausibleValue(
              { type, name: input.name, min: input.min, minLength: input.minLength, maxLength: input.maxLength },
              { password, onlyPasswords },
            );
      fields.push({ name: input.name, type, value });
    }
    // Each named submit button is a different submission (an intent) of the same form.
    const submitters = elements.filter((element) => element.name && element.type === 'submit');
    const variants =
      submitters.length > 0 ? submitters.map((button) => [{ name: button.name, type: 'submit', value: button.value }]) : [[]];
    for (const extra of variants) {
      forms.push({
        identity,
        method,
        action: action.pathname + action.search,
        multipart: (form.getAttribute('enctype') ?? '').toLowerCase() === 'multipart/form-data',
        fields: [...fields, ...extra],
        page,
      });
    }
  }
  return forms;
}

/** Same-site paths linked from a page. */
export function linksOf(html: string, page: string): string[] {
  const { document } = new JSDOM(html, { url: `http://fuzz.invalid${page}` }).window;
  const links = new Set<string>();
  for (const anchor of Array.from(document.querySelectorAll('a[href]'))) {
    const url = new URL(anchor.getAttribute('href')!, `http://fuzz.invalid${page}`);
    if (url.host === 'fuzz.invalid') links.add(url.pathname + url.search);
  }
  return [...links];
}

/** The route pattern a path belongs to (the most specific one), or null. */
export function patternOf(path: string, templates: RouteTemplate[]): string | null {
  const pathname = path.split('?')[0]!.replace(/\.data$/, '');
  let best: { pattern: string; score: number } | null = null;
  for (const template of templates) {
    if (template.pattern.includes('*')) continue;
    const source = template.pattern
      .split('/')
      .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/');
    if (!new RegExp(`^${source || '/'}/?$`).test(pathname)) continue;
    const score = template.pattern.split('/').filter((segment) => segment && !segment.startsWith(':')).length;
    if (!best || score > best.score) best = { pattern: template.pattern, score };
  }
  return best?.pattern ?? null;
}

/**
 * Every form the identities can see: the sample URL of every page route, and up to
 * `followPerRoute` of the links to a route found on the pages read, for a route with parameters
 * or whose sample URL is not a page for the identity.
 */
export async function discoverForms(options: {
  templates: RouteTemplate[];
  identities: Array<{ identity: Identity; password: string }>;
  fetchPage: PageFetcher;
  /** Shared pages are read again in a browser, when one is given. */
  renderPage?: PageRenderer;
  /** Pages no link leads to without a script (a posting form for a chosen company). */
  extraPaths?: string[];
  followPerRoute?: number;
}): Promise<FoundForm[]> {
  const pages = options.templates.filter((template) => template.file?.endsWith('.tsx') && !template.pattern.includes('*'));
  const found: FoundForm[] = [];
  for (const { identity, password } of options.identities) {
    const answered = new Set<string>();
    const links = new Map<string, string[]>();
    const visited = new Set<string>();
    const read = async (path: string) => {
      if (visited.has(path)) return;
      visited.add(path);
      const page = await options.fetchPage(identity, path);
      if (page.status !== 200 || !page.type.includes('text/html')) return;
      const html =
        options.renderPage && identity !== 'form-session' && isSharedPage(page.body) ? await options.renderPage(identity, path) : page.body;
      const forms = formsOf(html, path, identity, password);
      const pattern = patternOf(path, options.templates);
      if (pattern) answered.add(pattern);
      found.push(...forms);
      for (const link of linksOf(html, path)) {
        const linked = patternOf(link, options.templates);
        if (linked) links.set(linked, [...(links.get(linked) ?? []), link]);
      }
    };
    for (const template of pages) await read(template.path);
    for (const path of options.extraPaths ?? []) await read(path);
    // A route whose sample URL is not a page for this identity (a post that is not theirs, a
    // form that needs a company first), or that shows one record of many: the pages it links to.
    for (const template of pages) {
      if (answered.has(template.pattern) && template.params.length === 0) continue;
      const candidates = [...new Set(links.get(template.pattern) ?? [])].slice(0, options.followPerRoute ?? 2);
      for (const link of candidates) await read(link);
    }
  }
  // The same form on many pages (the header's search, a favorite button) is sent once.
  const unique = new Map<string, FoundForm>();
  for (const form of found) {
    const route = patternOf(form.action, options.templates) ?? form.action.split('?')[0];
    const key = [
      form.identity,
      form.method,
      route,
      form.fields.map((field) => `${field.name}:${field.type === 'submit' ? field.value : ''}`).join(','),
    ].join(' ');
    if (!unique.has(key)) unique.set(key, form);
  }
  return [...unique.values()];
}

function encodeForm(fields: Array<[string, string]>, token: string): Buffer {
  const params = new URLSearchParams();
  params.append('authenticity_token', token);
  for (const [name, value] of fields) if (name !== 'authenticity_token') params.append(name, value);
  return Buffer.from(params.toString());
}

function encodeMultipart(fields: Array<[string, string]>, token: string): { type: string; data: Buffer } {
  const boundary = 'hostileboundary';
  const parts = [['authenticity_token', token] as [string, string], ...fields.filter(([name]) => name !== 'authenticity_token')].map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return { type: `multipart/form-data; boundary=${boundary}`, data: Buffer.from(`${parts.join('')}--${boundary}--\r\n`) };
}

/** Text a person typed or chose: every field but the token and the submit button. */
function isTextField(field: FoundField): boolean {
  return !NOT_TEXT.has(field.name) && field.type !== 'submit';
}

/** For each form: every text field hostile at once, then each one alone (the others plausible). */
export function hostileFormCases(forms: FoundForm[], templates: RouteTemplate[]): FuzzCase[] {
  const cases: FuzzCase[] = [];
  for (const form of forms) {
    const route = patternOf(form.action, templates) ?? form.action.split('?')[0]!;
    const targets = form.fields.filter(isTextField);
    const variants: Array<[string, (field: FoundField) => boolean]> = [
      ['all fields', (field) => !field.trap],
      ...targets.map((target): [string, (field: FoundField) => boolean] => [target.name, (field) => field === target]),
    ];
    for (const [label, hostile] of variants) {
      const values = form.fields.map((field): [string, string] => [
        field.name,
        isTextField(field) && hostile(field) ? withHostile(field.value) : field.value,
      ]);
      const base = { route, identity: form.identity, label: `hostile text: ${label} (form on ${form.page})` };
      if (form.method === 'GET') {
        const url = new URL(form.action, 'http://fuzz.invalid');
        for (const [name, value] of values) url.searchParams.set(name, value);
        cases.push({ ...base, method: 'GET', path: url.pathname + url.search });
      } else {
        cases.push({
          ...base,
          method: 'POST',
          path: form.action,
          token: 'form',
          body: (token) =>
            form.multipart
              ? encodeMultipart(values, token)
              : { type: 'application/x-www-form-urlencoded', data: encodeForm(values, token) },
        });
      }
    }
  }
  return cases;
}

function setPath(target: Record<string, unknown>, name: string, value: unknown) {
  const path = name.replace(/\[\]$/, '').split('.');
  let node: Record<string, unknown> = target;
  path.forEach((segment, index) => {
    if (index === path.length - 1) {
      node[segment] = name.endsWith('[]') ? [value] : value;
      return;
    }
    const next = node[segment];
    node[segment] = next && typeof next === 'object' ? next : /^\d+$/.test(path[index + 1]!) ? [] : {};
    node = node[segment] as Record<string, unknown>;
  });
}

/**
 * JSON bodies for the calls: every field of every form found, hostile, as a nested object (a
 * draft's content has the posting form's shape), with the fields of the calls of docs/product/calls.md, once per
 * content type. Sent with POST and PUT to every route as a student.
 */
export function hostileCallCases(forms: FoundForm[], templates: RouteTemplate[]): FuzzCase[] {
  const everything: Record<string, unknown> = {};
  for (const form of forms) {
    if (form.method !== 'POST') continue;
    for (const field of form.fields.filter((field) => isTextField(field) && !field.trap))
      setPath(everything, field.name, withHostile(field.value));
  }
  const seen = new Set<string>();
  const cases: FuzzCase[] = [];
  for (const template of templates) {
    if (seen.has(template.pattern)) continue;
    seen.add(template.pattern);
    for (const type of POST_TYPE_KEYS) {
      const body = {
        ...everything,
        type,
        draftKey: randomUUID(),
        saveId: randomUUID(),
        lockVersion: 0,
        companyId: 1,
        recruitServiceId: 1,
        company_id: 1,
        badge_kind_ids: [101, withHostile('102')],
        content: everything,
      };
      for (const method of ['POST', 'PUT']) {
        cases.push({
          route: template.pattern,
          identity: 'student',
          method,
          path: template.path,
          label: `hostile JSON call (${type})`,
          token: 'json',
          body: (token) => ({ type: 'application/json', data: Buffer.from(JSON.stringify({ authenticity_token: token, ...body })) }),
        });
      }
    }
  }
  return cases;
}
