// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createRoutesStub, useLocation, useNavigationType } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { Link } from './link';

afterEach(cleanup);

function Where() {
  const location = useLocation();
  return (
    <p data-testid="where">
      {location.pathname + location.search} {useNavigationType()}
    </p>
  );
}

function renderAt(path: string, links: React.ReactNode) {
  const Page = () => (
    <>
      {links}
      <Where />
    </>
  );
  const Stub = createRoutesStub([
    { path: '/', Component: Page },
    { path: '/companies', Component: Page },
    { path: '/companies/:id', Component: Page },
  ]);
  render(<Stub initialEntries={[path]} />);
}

describe('Link', () => {
  it('is a real link, so pages work without JavaScript and search engines follow it', () => {
    renderAt(
      '/',
      <Link to="/companies?industry=3" className="tag">
        業界
      </Link>,
    );
    const link = screen.getByRole('link', { name: '業界' });
    expect(link.getAttribute('href')).toBe('/companies?industry=3');
    expect(link.getAttribute('class')).toBe('tag');
    expect(link.getAttribute('data-discover')).toBe('true');
  });

  it('follows a plain click inside the app and adds a history entry', () => {
    renderAt('/', <Link to="/companies/7">企業</Link>);
    const click = fireEvent.click(screen.getByRole('link', { name: '企業' }), { button: 0 });
    expect(click).toBe(false); // the browser's own navigation was prevented
    expect(screen.getByTestId('where').textContent).toBe('/companies/7 PUSH');
  });

  it('replaces the history entry when it points at the page already shown', () => {
    window.history.replaceState(null, '', '/companies/7');
    renderAt('/companies/7', <Link to="/companies/7">企業</Link>);
    fireEvent.click(screen.getByRole('link', { name: '企業' }), { button: 0 });
    expect(screen.getByTestId('where').textContent).toBe('/companies/7 REPLACE');
    window.history.replaceState(null, '', '/');
  });

  it('leaves new tabs, modified clicks and handled clicks to the browser', () => {
    // What reached the browser: whether each click was still its to follow. (jsdom cannot
    // follow links, so the recorder stops them after looking.)
    const leftToBrowser: boolean[] = [];
    const recorder = (event: MouseEvent) => {
      leftToBrowser.push(!event.defaultPrevented);
      event.preventDefault();
    };
    document.addEventListener('click', recorder);
    let handled = 0;
    renderAt(
      '/',
      <>
        <Link to="/companies/1" target="_blank">
          別タブ
        </Link>
        <Link to="/companies/2">修飾キー</Link>
        <Link
          to="/companies/3"
          onClick={(event) => {
            handled++;
            event.preventDefault();
          }}
        >
          自前
        </Link>
        <Link to="//example.com/companies">他のサイト</Link>
      </>,
    );
    fireEvent.click(screen.getByRole('link', { name: '別タブ' }), { button: 0 });
    fireEvent.click(screen.getByRole('link', { name: '修飾キー' }), { button: 0, ctrlKey: true });
    fireEvent.click(screen.getByRole('link', { name: '修飾キー' }), { button: 1 });
    fireEvent.click(screen.getByRole('link', { name: '自前' }), { button: 0 });
    fireEvent.click(screen.getByRole('link', { name: '他のサイト' }), { button: 0 });
    document.removeEventListener('click', recorder);
    expect(leftToBrowser).toEqual([true, true, true, false, true]);
    expect(handled).toBe(1);
    expect(screen.getByTestId('where').textContent).toBe('/ POP');
  });
});
