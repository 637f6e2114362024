import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ROUTER_FUTURE } from '../../../app/routes';
import { EditorHeader } from './editor-header';

describe('EditorHeader', () => {
  it('offers Preview, Results and Share: the teacher is one click from the share page and the results', () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter future={ROUTER_FUTURE}>
          <EditorHeader videoId={5} title="Cells" questionCount={3} dirty={false} saving={false} onSave={() => undefined} onLeave={() => undefined} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(screen.getByRole('link', { name: /Preview/ }).getAttribute('href')).toBe('/player/5');
    expect(screen.getByRole('link', { name: /Share/ }).getAttribute('href')).toBe('/video/5');
    expect(screen.getByRole('link', { name: /Results/ }).getAttribute('href')).toBe('/lesson-results/5');
    expect(screen.queryByRole('button', { name: /Save Changes/ })).toBeNull();
  });

  it('edits the title in place and says why an empty one is refused', () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter future={ROUTER_FUTURE}>
          <EditorHeader videoId={5} title="Cells" questionCount={3} dirty={false} saving={false} onSave={() => undefined} onLeave={() => undefined} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(screen.getByRole('heading', { name: 'Cells' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Edit title' }));
    const input = screen.getByRole('textbox', { name: 'Lesson title' }) as HTMLInputElement;
    expect(input.value).toBe('Cells');
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save title' }));
    expect(screen.getByRole('alert').textContent).toContain('The title cannot be empty');
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(screen.getByRole('heading', { name: 'Cells' })).toBeTruthy();
  });
});
