import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ROUTER_FUTURE } from '../../../app/routes';
import { EditorHeader } from './editor-header';

describe('EditorHeader', () => {
  it('offers Preview and Share: the teacher is one click from the share page', () => {
    render(
      <MemoryRouter future={ROUTER_FUTURE}>
        <EditorHeader videoId={5} title="Cells" questionCount={3} dirty={false} saving={false} onSave={() => undefined} onLeave={() => undefined} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: /Preview/ }).getAttribute('href')).toBe('/player/5');
    expect(screen.getByRole('link', { name: /Share/ }).getAttribute('href')).toBe('/video/5');
    expect(screen.queryByRole('button', { name: /Save Changes/ })).toBeNull();
  });
});
