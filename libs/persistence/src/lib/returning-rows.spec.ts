import { returningRows } from './returning-rows';

describe('returningRows', () => {
  it("reads the rows of TypeORM's [rows, count] answer to an UPDATE … RETURNING, and plain rows as they are", () => {
    expect(returningRows<{ id: number }>([[{ id: 1 }, { id: 2 }], 2])).toEqual([{ id: 1 }, { id: 2 }]);
    expect(returningRows<{ id: number }>([[], 0])).toEqual([]);
    expect(returningRows<{ id: number }>([{ id: 3 }])).toEqual([{ id: 3 }]);
    expect(returningRows(undefined)).toEqual([]);
  });
});
