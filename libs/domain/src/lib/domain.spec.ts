import { domain } from './domain';

describe('domain', () => {
  it('should work', () => {
    expect(domain()).toEqual('domain');
  })
})
