import { persistence } from './persistence';

describe('persistence', () => {
  it('should work', () => {
    expect(persistence()).toEqual('persistence');
  })
})
