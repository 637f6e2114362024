import { fireEvent, render, screen } from '@testing-library/react';
import { DISPLAY_NAME_KEY } from '../model/display-name';
import { DisplayNameField } from './display-name-field';

describe('DisplayNameField', () => {
  beforeEach(() => localStorage.clear());

  it('asks for an optional name, remembers it and hands it over', () => {
    const saved: Array<string | null> = [];
    render(<DisplayNameField onSaved={(name) => saved.push(name)} />);
    fireEvent.change(screen.getByLabelText(/Your name for your teacher/), { target: { value: '  Sam   Lee ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(saved).toEqual(['Sam Lee']);
    expect(localStorage.getItem(DISPLAY_NAME_KEY)).toBe('Sam Lee');
    expect(screen.getByTestId('display-name').textContent).toContain('Your teacher sees you as Sam Lee.');
    fireEvent.click(screen.getByRole('button', { name: 'Change name' }));
    fireEvent.change(screen.getByLabelText(/Your name for your teacher/), { target: { value: ' ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(saved).toEqual(['Sam Lee', null]);
    expect(localStorage.getItem(DISPLAY_NAME_KEY)).toBeNull();
  });

  it('shows a remembered name instead of the field', () => {
    localStorage.setItem(DISPLAY_NAME_KEY, 'Ada');
    render(<DisplayNameField onSaved={() => undefined} />);
    expect(screen.getByTestId('display-name').textContent).toContain('Ada');
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});
