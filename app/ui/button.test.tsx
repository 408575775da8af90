// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FormEvent, ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button, buttonClassName } from './button';

afterEach(cleanup);

/** Renders a form with a 投稿する submit button and clicks it as a user does; gives the user and the button. */
async function clickPostIn(form: ReactElement) {
  render(form);
  const user = userEvent.setup();
  const button = screen.getByRole<HTMLButtonElement>('button', { name: '投稿する' });
  await user.click(button);
  return { user, button };
}

describe('Button', () => {
  it('is a medium primary button of type "button" by default', () => {
    render(<Button>保存する</Button>);
    const button = screen.getByRole('button', { name: '保存する' });
    expect(button.getAttribute('type')).toBe('button');
    expect(button.className).toMatch(/medium/);
    expect(button.className).toMatch(/primary/);
  });

  it('applies variant, size and full width', () => {
    render(
      <Button variant="danger" size="small" fullWidth>
        削除する
      </Button>,
    );
    const { className } = screen.getByRole('button', { name: '削除する' });
    expect(className).toMatch(/danger/);
    expect(className).toMatch(/small/);
    expect(className).toMatch(/fullWidth/);
    expect(className).not.toMatch(/medium/);
  });

  it('forwards native props and calls onClick', async () => {
    const onClick = vi.fn();
    render(
      <Button name="intent" value="publish" aria-describedby="note" onClick={onClick}>
        公開する
      </Button>,
    );
    const button = screen.getByRole('button', { name: '公開する' });
    expect(button.getAttribute('name')).toBe('intent');
    expect(button.getAttribute('aria-describedby')).toBe('note');
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('does not fire onClick when disabled', async () => {
    const onClick = vi.fn();
    render(
      <Button disabled onClick={onClick}>
        送信する
      </Button>,
    );
    await userEvent.click(screen.getByRole('button', { name: '送信する' }));
    expect(onClick).not.toHaveBeenCalled();
  });

  it('renders a link when given href, and hides the icon from assistive technology', () => {
    render(
      <Button href="/badges" variant="secondary" icon={<svg data-testid="icon" />}>
        バッジを確認する
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'バッジを確認する' });
    expect(link.getAttribute('href')).toBe('/badges');
    expect(link.className).toMatch(/secondary/);
    expect(screen.getByTestId('icon').parentElement?.getAttribute('aria-hidden')).toBe('true');
  });

  it('renders a disabled link without href, so it cannot be followed', () => {
    render(
      <Button href="/badges" disabled>
        バッジを確認する
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'バッジを確認する' });
    expect(link.hasAttribute('href')).toBe(false);
    expect(link.getAttribute('aria-disabled')).toBe('true');
  });

  it('with disabledLabel, becomes disabled after a click and shows the label', async () => {
    const onClick = vi.fn();
    render(
      <Button disabledLabel="処理中…" onClick={onClick}>
        実行する
      </Button>,
    );
    const user = userEvent.setup();
    const button = screen.getByRole<HTMLButtonElement>('button', { name: '実行する' });
    await user.dblClick(button);
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(button.disabled).toBe(true);
    expect(button.textContent).toBe('処理中…');
  });

  it('with disabledLabel, still submits its form once, then is disabled with the label', async () => {
    const submitted: Array<{ submitterWasDisabled: boolean; intent: FormDataEntryValue | null }> = [];
    const onSubmit = vi.fn((event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement;
      submitted.push({
        submitterWasDisabled: submitter.disabled,
        intent: new FormData(event.currentTarget, submitter).get('intent'),
      });
    });
    const { user, button } = await clickPostIn(
      <form onSubmit={onSubmit}>
        <Button type="submit" name="intent" value="post" disabledLabel="送信中…">
          投稿する
        </Button>
      </form>,
    );
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(submitted[0]).toEqual({ submitterWasDisabled: false, intent: 'post' });
    await waitFor(() => expect(button.disabled).toBe(true));
    expect(button.textContent).toBe('送信中…');
    await user.click(button);
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('with disabledLabel, stays usable when the browser refuses to submit an invalid form', async () => {
    const onSubmit = vi.fn((event: FormEvent) => event.preventDefault());
    const { user, button } = await clickPostIn(
      <form onSubmit={onSubmit}>
        <input name="title" required aria-label="タイトル" />
        <Button type="submit" disabledLabel="送信中…">
          投稿する
        </Button>
      </form>,
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(button.disabled).toBe(false);

    await user.type(screen.getByRole('textbox', { name: 'タイトル' }), '面接の感想');
    await user.click(button);
    expect(onSubmit).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(button.disabled).toBe(true));
  });

  it('follows the pending prop instead of the click when it is given', async () => {
    const { rerender } = render(
      <Button type="submit" disabledLabel="保存中…" pending={false}>
        保存する
      </Button>,
    );
    const button = screen.getByRole<HTMLButtonElement>('button', { name: '保存する' });
    await userEvent.click(button);
    expect(button.disabled).toBe(false);
    rerender(
      <Button type="submit" disabledLabel="保存中…" pending>
        保存する
      </Button>,
    );
    expect(button.disabled).toBe(true);
    expect(button.textContent).toBe('保存中…');
  });

  it('exposes its class names for router links', () => {
    expect(buttonClassName()).toMatch(/primary.*medium|medium.*primary/);
    expect(buttonClassName({ variant: 'ghost', size: 'large' })).toMatch(/ghost/);
  });
});
