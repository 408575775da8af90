// A form built from HTML and put in the page, for the tests of what reads or changes a form.
export function formOf(html: string): HTMLFormElement {
  const form = document.createElement('form');
  form.innerHTML = html;
  document.body.append(form);
  return form;
}
