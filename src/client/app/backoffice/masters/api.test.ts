import { describe, expect, it } from 'vitest';
import { masterKeys, valueListCall } from './api';
import * as mastersApi from '../../../../core/api/masters';

describe('the master-data query keys', () => {
  it('all sit under one root, so a save refreshes every list and dropdown of the feature', () => {
    const keys = [
      masterKeys.typeList({ searchText: '', pageno: 1 }),
      masterKeys.type(3),
      masterKeys.typeDependencies(undefined),
      masterKeys.activeTypes(),
      masterKeys.valueList({ typeId: undefined, searchText: '', pageno: 1 }),
      masterKeys.value(40),
      masterKeys.choices(2),
    ];
    for (const key of keys) expect(key.slice(0, masterKeys.all.length)).toEqual([...masterKeys.all]);
  });

  it('tell the pages, searches, types and parents apart', () => {
    expect(masterKeys.typeList({ searchText: '', pageno: 1 })).not.toEqual(
      masterKeys.typeList({ searchText: '', pageno: 2 }),
    );
    expect(masterKeys.typeList({ searchText: 'a', pageno: 1 })).not.toEqual(
      masterKeys.typeList({ searchText: '', pageno: 1 }),
    );
    expect(masterKeys.valueList({ typeId: 2, searchText: '', pageno: 1 })).not.toEqual(
      masterKeys.valueList({ typeId: undefined, searchText: '', pageno: 1 }),
    );
    expect(masterKeys.typeDependencies(undefined)).not.toEqual(masterKeys.typeDependencies(3));
    expect(masterKeys.choices(2)).toEqual(masterKeys.choices(2, null));
    expect(masterKeys.choices(3, 20)).not.toEqual(masterKeys.choices(3));
    // Types and values never share a key.
    expect(masterKeys.type(3)).not.toEqual(masterKeys.value(3));
  });
});

describe('the value list call', () => {
  it('lists with getCommonMaster, of one type or all', () => {
    expect(valueListCall({ typeId: undefined, searchText: '', pageno: 1 })).toEqual({
      route: mastersApi.listMasterValues,
      body: { pageno: 1 },
    });
    expect(valueListCall({ typeId: 2, searchText: '', pageno: 3 })).toEqual({
      route: mastersApi.listMasterValues,
      body: { typeId: 2, pageno: 3 },
    });
  });

  it('searches with getSearchForcommonMaster', () => {
    expect(valueListCall({ typeId: undefined, searchText: 'pun', pageno: 1 })).toEqual({
      route: mastersApi.searchMasterValues,
      body: { searchText: 'pun', pageno: 1 },
    });
    expect(valueListCall({ typeId: 3, searchText: 'pun', pageno: 2 })).toEqual({
      route: mastersApi.searchMasterValues,
      body: { searchText: 'pun', typeId: 3, pageno: 2 },
    });
  });
});
