import { validateSignUp, type SignUpForm } from './sign-up-validation';

const valid: SignUpForm = {
  firstName: '',
  lastName: '',
  username: 'teacher1',
  email: 'teacher@example.com',
  password: 'longenough',
  confirmPassword: 'longenough',
  acceptTerms: true,
};

describe('validateSignUp', () => {
  it('accepts a complete form', () => {
    expect(validateSignUp(valid)).toEqual({});
  });

  it('requires username, email, password, confirmation and terms', () => {
    const errors = validateSignUp({ ...valid, username: ' ', email: '', password: '', confirmPassword: '', acceptTerms: false });
    expect(Object.keys(errors).sort()).toEqual(['acceptTerms', 'confirmPassword', 'email', 'password', 'username']);
  });

  it('checks length and matching passwords', () => {
    expect(validateSignUp({ ...valid, password: 'short', confirmPassword: 'short' }).password).toMatch(/8 characters/);
    expect(validateSignUp({ ...valid, confirmPassword: 'different1' }).confirmPassword).toMatch(/do not match/);
  });
});
