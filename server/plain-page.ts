// The few pages the server answers itself, before React Router (the CSRF refusal, an oversized
// body, a malformed URL): one small Japanese document in the site's colors, no scripts.

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export function plainPage(options: { title: string; paragraphs: string[]; link?: { href: string; label: string } }): string {
  const link = options.link ?? { href: '/', label: 'トップページへ' };
  return `<!doctype html>
<html lang="ja"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(options.title)} | シューログ</title>
<style>body{margin:0;font-family:"Hiragino Kaku Gothic ProN","Noto Sans JP","Noto Sans CJK JP",Meiryo,sans-serif;background:#f6f7f9;color:#222;line-height:1.7}
main{max-width:560px;margin:48px auto;padding:32px 24px;background:#fff;border:1px solid #dde1e7;border-radius:12px}
h1{font-size:21px;margin:0 0 12px}p{margin:0 0 16px;font-size:15px}
a{display:inline-flex;align-items:center;min-height:44px;padding:0 20px;background:#0b7a6b;color:#fff;border-radius:8px;text-decoration:none;font-weight:bold}
@media (max-width:600px){main{margin:16px;padding:24px 16px}}</style></head>
<body><main><h1>${escapeHtml(options.title)}</h1>
${options.paragraphs.map((text) => `<p>${escapeHtml(text)}</p>`).join('\n')}
<a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></main></body></html>`;
}
