import { testing } from './testing';

describe('testing', () => {
  it('should work', () => {
    expect(testing()).toEqual('testing');
  })
})
