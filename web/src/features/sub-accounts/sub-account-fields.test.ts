import { describe, expect, it } from 'vitest';
import { grantableModules, problemsOf } from './sub-account-fields';

const good = {
  name: 'Front desk',
  email: 'desk@example.test',
  username: 'front.desk',
  modules: ['payin'] as const,
  temporaryPassword: 'Temporary#Pass1',
};

describe('a new sub-account’s fields', () => {
  it('accepts a complete draft', () => {
    expect(problemsOf(good)).toEqual({});
  });

  it('names each problem', () => {
    expect(
      problemsOf({
        name: ' ',
        email: 'nope',
        username: 'a b',
        modules: [],
        temporaryPassword: 'short',
      }),
    ).toEqual({
      name: 'required',
      email: 'emailInvalid',
      username: 'usernameInvalid',
      modules: 'modulesRequired',
      temporaryPassword: 'passwordWeak',
    });
    expect(problemsOf({ ...good, email: '', temporaryPassword: '' })).toEqual({
      email: 'required',
      temporaryPassword: 'required',
    });
  });

  it('never offers sub_accounts', () => {
    expect(grantableModules(['payin', 'sub_accounts', 'reports'])).toEqual(['payin', 'reports']);
  });
});
