import { type Caller, callerMayChange } from './caller.js';

const scopes = new Set<string>();
const app = (appId: number): Caller => ({ kind: 'admin', appId, tokenId: 1, scopes });

describe('callerMayChange', () => {
  it('lets only the app that made something, or the platform itself, change it', () => {
    expect(callerMayChange(app(7), 7)).toBe(true);
    expect(callerMayChange(app(8), 7)).toBe(false);
    expect(callerMayChange(app(8), null)).toBe(false);
    expect(callerMayChange({ kind: 'system', scopes }, 7)).toBe(true);
    expect(callerMayChange({ kind: 'system', scopes }, null)).toBe(true);
    expect(callerMayChange({ kind: 'tokenless', scopes }, null)).toBe(false);
  });
});
